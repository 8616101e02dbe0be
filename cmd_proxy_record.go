package main

import (
	"fmt"
	"net/http"
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
func (s *proxySessions) record(c *proxy.Client, in <-chan []mcp.Record, watched bool) (<-chan []mcp.Record, string, *history.Log) {
	// The client's own credentials are left out like the user's.
	secrets := secretsOf(mcp.Config{Header: http.Header{"Authorization": c.Authorization}})
	return s.recordStream(in, c.ID, c.Upstream, c.Transport, c.Started, fmt.Sprintf("proxy %s %d", c.Transport, c.ID), "", secrets, watched)
}

// recordStream tees a session's records into a new recording; id is the
// session's (ui.Client's) and what names it in the file's name, after the
// upstream's host; folded is the kind of the run's recording of many
// short sessions it is (history.Header.Folded), "" for one session's.
// When the TUI shows the session (watched), log is a Log that reads the
// records back from the recording (nil when there is none: the TUI then
// keeps them).
func (s *proxySessions) recordStream(recs <-chan []mcp.Record, id int, upstream, transport string, started time.Time, what, folded string, secrets []string, watched bool) (out <-chan []mcp.Record, path string, log *history.Log) {
	// The URL as the session reads it (mcp.TargetURL, as for any
	// recording): typed without a scheme, url.Parse finds no host and no
	// password, so the file would be unnamed and the password not redacted.
	host := ""
	if u, err := mcp.TargetURL(upstream); err == nil {
		upstream, host = u.String(), u.Host
	}
	opts := history.RecordOptions{Secrets: s.pf.secrets, Tokens: append(secretsOf(s.cfg), secrets...), Headers: s.cfg.Header, ClientQuery: true,
		Elsewhere: "--record-dir DIR or MCPSCOPE_STATE_DIR=DIR"}
	// The screen and the lines on stderr show the records as the
	// recording holds them, recorded or not: both are often shared.
	shown := func(recs <-chan []mcp.Record) <-chan []mcp.Record { return history.Redacting(recs, opts, upstream) }
	if s.pf.noRecord {
		return shown(recs), "", nil
	}
	dir, err := s.pf.recordDir, error(nil)
	if dir == "" {
		dir, err = history.DefaultDir()
	}
	var rec *history.Recorder
	if err == nil {
		h := history.Header{MCPScope: versionString(), URL: upstream, Transport: transport, Started: started, Host: host, Folded: folded}
		create := s.create
		if create == nil {
			create = history.CreateIn
		}
		rec, err = create(dir, started, host+" "+what, h, opts)
	}
	if err != nil {
		s.notRecorded(what, err)
		return shown(recs), "", nil
	}
	path = rec.Path()
	s.unlisted.Store(path, struct{}{}) // before the Tee can fail
	if watched {
		// Before the Tee writes the first record, so the Log holds none.
		log = rec.NewLog()
	}
	return shown(history.Tee(recs, rec, func(err error) { s.recordFailed(id, path, err) })), path, log
}
