package main

import (
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// A proxied client session is recorded to a file of its own, and shown
// as the recording holds it.

// record starts the recording of a client session, a new file in the
// sessions directory (or --record-dir) named by the upstream and the
// client's number; it returns the records to pass on, and the file.
func (s *proxySessions) record(c *proxy.Client, in <-chan []mcp.Record, watched bool) (<-chan []mcp.Record, string, *history.Log, func(string) string) {
	return s.recordStream(in, c.ID, c.Upstream, c.Transport, c.Started, fmt.Sprintf("proxy %s %d", c.Transport, c.ID), "", clientSecrets(c), watched)
}

// clientSecrets are client session c's own credentials, left out of what
// is recorded and shown like the user's.
func clientSecrets(c *proxy.Client) []string {
	return secretsOf(mcp.Config{Header: http.Header{"Authorization": c.Authorization}})
}

// shownAs is a session's records, to upstream, as its recording holds them
// (redacted), whether recorded or not: the screen and the lines on stderr
// show them so, as both are often shared. secrets are its client's. named
// redacts a text about the session by the same redactor: its client's
// label, which may spell the key in its URL's query.
func (s *proxySessions) shownAs(recs <-chan []mcp.Record, upstream string, secrets []string) (shown <-chan []mcp.Record, named func(string) string) {
	upstream, _ = recordedURL(upstream)
	return history.RedactingText(recs, s.recordOptions(secrets), upstream)
}

// recordOptions are what a proxied session is recorded with, secrets its
// client's.
func (s *proxySessions) recordOptions(secrets []string) history.RecordOptions {
	return history.RecordOptions{Secrets: s.pf.secrets, Tokens: append(secretsOf(s.cfg), secrets...), Headers: s.cfg.Header, ClientQuery: true,
		Elsewhere: "--record-dir DIR or MCPSCOPE_STATE_DIR=DIR"}
}

// recordedURL is upstream as a recording names it, and its host: the URL
// as the session reads it (mcp.TargetURL, as for any recording). Typed
// without a scheme, url.Parse finds no host and no password, so the file
// would be unnamed and the password not redacted.
func recordedURL(upstream string) (string, string) {
	if u, err := mcp.TargetURL(upstream); err == nil {
		return u.String(), u.Host
	}
	return upstream, ""
}

// recordStream tees a session's records into a new recording; id is the
// session's (ui.Client's) and what names it in the file's name, after the
// upstream's host; folded is the kind of the run's recording of many
// short sessions it is (history.Header.Folded), "" for one session's.
// When the TUI shows the session (watched), log is a Log that reads the
// records back from the recording (nil when there is none: the TUI then
// keeps them). named redacts a text about the session as its records are
// (shownAs).
func (s *proxySessions) recordStream(recs <-chan []mcp.Record, id int, upstream, transport string, started time.Time, what, folded string, secrets []string, watched bool) (out <-chan []mcp.Record, path string, log *history.Log, named func(string) string) {
	upstream, host := recordedURL(upstream)
	opts := s.recordOptions(secrets)
	if s.pf.noRecord {
		out, named = s.shownAs(recs, upstream, secrets)
		return out, "", nil, named
	}
	dir, err := s.pf.recordDir, error(nil)
	if dir == "" {
		dir, err = history.DefaultDir()
	}
	var rec *history.Recorder
	if err == nil {
		h := history.Header{MCPScope: versionString(), URL: upstream, Transport: transport, Started: started, Host: host, Folded: folded}
		rec, err = s.createRecording(dir, started, host+" "+what, h, opts)
	}
	if err != nil {
		s.notRecorded(what, err)
		out, named = s.shownAs(recs, upstream, secrets)
		return out, "", nil, named
	}
	path = rec.Path()
	s.unlisted.Store(path, struct{}{}) // before the Tee can fail
	if watched {
		// Before the Tee writes the first record, so the Log holds none.
		log = rec.NewLog()
	}
	out, named = s.shownAs(history.Tee(recs, rec, s.recordingTold(id, path)), upstream, secrets)
	return out, path, log, named
}

// createWait bounds how long a recording still being created is waited
// for once the proxy stops. It is made off the relay's path and quitting
// waits for it (wait), so a disk that never answers the create (an NFS
// server gone, a USB disk pulled) kept ctrl+c from ending the proxy.
const createWait = 2 * time.Second

// createRecording creates a session's recording (s.create, or
// history.CreateIn), waiting for it as long as the proxy runs and then at
// most createWait: past it, the session is not recorded, its records
// shown all the same.
func (s *proxySessions) createRecording(dir string, started time.Time, host string, h history.Header, opts history.RecordOptions) (*history.Recorder, error) {
	create := s.create
	if create == nil {
		create = history.CreateIn
	}
	type made struct {
		rec *history.Recorder
		err error
	}
	done := make(chan made, 1)
	go func() {
		rec, err := create(dir, started, host, h, opts)
		done <- made{rec, err}
	}()
	select {
	case m := <-done:
		return m.rec, m.err
	case <-s.stopping:
	}
	timer := time.NewTimer(createWait)
	defer timer.Stop()
	select {
	case m := <-done:
		return m.rec, m.err
	case <-timer.C:
	}
	go func() {
		// The disk answered after all: the file holds a header and
		// nothing of the session, which was said as not recorded.
		if m := <-done; m.rec != nil {
			path := m.rec.Path()
			_ = m.rec.Close()
			_ = os.Remove(path)
		}
	}()
	return nil, fmt.Errorf("the disk did not answer within %s creating a recording in %s", mcp.DurationText(createWait), dir)
}
