package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// recordFlags choose where a live session is recorded.
type recordFlags struct {
	file    string
	off     bool
	secrets bool
	force   bool
	// demo says the session is with the built-in demo gateway, started
	// as no URL was given: the recording's header says so (Header.Demo).
	demo bool
}

func (f *recordFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.file, "record", "", "record the session to this file (default: a new file in the sessions directory)")
	fs.BoolVar(&f.off, "no-record", false, "do not record the session")
	fs.BoolVar(&f.secrets, "record-secrets", false, "keep Authorization, Cookie, -H values and the bearer token in the recording (and in exec --json and on screen)")
	fs.BoolVar(&f.force, "force", false, "let --record FILE replace an existing file")
}

// check refuses a --record that names a directory, and --force with no
// file for it to let be replaced. other is the command's other flag
// --force serves ("--save FILE" for exec, or ""), and otherGiven says
// whether it was given.
func (f *recordFlags) check(other string, otherGiven bool) error {
	// Checked with the flags, before anything is connected or drawn (the
	// TUI needs a terminal first): a directory is no file to record to.
	if what, dir := namesDirectory(f.file); dir && !f.off {
		return recordPathError(f.file, what, "name a file in it, e.g. "+filepath.Join(f.file, "session.jsonl"))
	}
	if !f.force || f.file != "" || otherGiven {
		return nil
	}
	flags := "--record FILE"
	if other != "" {
		flags += " or " + other
	}
	return fmt.Errorf("--force only lets %s replace an existing file; give %s too", flags, flags)
}

// recording is a live session's recording and what became of it: a write
// error is reported where the user looks (through onErr as it happens, and
// on Failed for the TUI's status bar), and the exit path says whether the
// file is complete.
type recording struct {
	rec    *history.Recorder
	failed chan error // the first error, once
	mu     sync.Mutex
	err    error
	// caveat is what the recorder said at its close of a file whose
	// records are whole (caveatOf): said beside "recorded to", no
	// failure.
	caveat string
}

// Path is the file being recorded to.
func (r *recording) Path() string { return r.rec.Path() }

// Failed delivers the error that made the recording incomplete, once.
func (r *recording) Failed() <-chan error { return r.failed }

// fail keeps err as the recording's error, replacing the one before: Tee
// says more as it learns it (a full disk after a slow one, the count of
// records dropped at the end), and the screen is told the latest, never
// waited for.
func (r *recording) fail(err error) {
	r.mu.Lock()
	r.err = err
	r.mu.Unlock()
	r.tell(err)
}

// tell hands err to the screen (Failed), replacing what it has not read.
func (r *recording) tell(err error) {
	for {
		select {
		case r.failed <- err:
			return
		default:
		}
		select {
		case <-r.failed: // not read yet: err says more
		default:
		}
	}
}

// Err is the error that made the recording incomplete, or nil. It is final
// once the record stream has been drained.
func (r *recording) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// report tells w where the session was recorded, or that the recording is
// incomplete and why, and returns Err. width is the width of the terminal
// w writes to, 0 when it is none: exec's "recorded to" keeps its path
// after the words when they fit, and the TUI's replay and export commands
// stay on one line when they fit.
func (r *recording) report(w io.Writer, replayHint bool, width int) error {
	if err := r.Err(); err != nil {
		var u *history.Unanswered
		var nw *history.NotWritten
		if errors.As(err, &u) || errors.As(err, &nw) {
			// Their words name the path and say how incomplete the
			// recording is: not known (the disk did not say), or by
			// how many records.
			line := sanitize.Line(err.Error())
			if width <= 0 || ansi.StringWidth(line) <= width {
				fmt.Fprintln(w, line)
				return err
			}
			// Wider than the terminal, which broke it mid-word and
			// mid-path: the words wrapped between words, the path whole
			// on its line.
			var words string
			if u != nil {
				words = "the recording may be incomplete: " + u.Why()
			} else {
				words = "the recording is incomplete: " + nw.Why()
			}
			sayShownBelowIn(w, width, words, command.ShellPath(r.Path()))
			return err
		}
		sayShownBelowIn(w, width, "the recording is incomplete ("+sanitize.Line(err.Error())+")", command.ShellPath(r.Path()))
		return err
	}
	if replayHint {
		r.sayRecordedOnQuit(w, width)
	} else {
		sayPathAfter(w, width, "recorded to", r.Path(), "")
		r.sayCaveat(w)
	}
	return nil
}

// sayCaveat writes the recorder's caveat of a file whose records are whole
// (it can no longer be read, it could not be checked), if it had one, after
// the line saying where it was recorded.
func (r *recording) sayCaveat(w io.Writer) {
	r.mu.Lock()
	c := r.caveat
	r.mu.Unlock()
	if c != "" {
		fmt.Fprintf(w, "  note: %s\n", sanitize.Line(c))
	}
}

// caveatOf is the words of err when it is the recorder's caveat of a file
// whose records are whole (history.Caveat), without its "recording: ": it
// is said beside the recording's path, "recorded to" or the proxy's list.
// ok is false for any other error, a failure.
func caveatOf(err error) (said string, ok bool) {
	var c *history.Caveat
	if !errors.As(err, &c) {
		return "", false
	}
	return strings.TrimPrefix(c.Error(), "recording: "), true
}

// start tees the session's records into a recording unless --no-record.
// The recorder is closed when the record stream ends. onErr (which may be
// nil) hears of a write error as it happens.
func (f *recordFlags) start(in <-chan []mcp.Record, cfg mcp.Config, onErr func(error)) (<-chan []mcp.Record, *recording, error) {
	if f.off {
		if f.file != "" {
			return nil, nil, fmt.Errorf("--record and --no-record contradict each other: pick one")
		}
		return in, nil, nil
	}
	now := time.Now()
	// The URL as the session reads it: typed without a scheme, a URL's
	// password would not parse as one, and so not be redacted.
	u, err := mcp.TargetURL(cfg.URL)
	if err != nil {
		return nil, nil, err
	}
	transport := cfg.Transport
	if transport == "" {
		transport = mcp.TransportAuto
	}
	h := history.Header{MCPScope: versionString(), URL: u.String(), Transport: transport, Started: now, Host: u.Host, Roots: cfg.Roots, Demo: f.demo}
	opts := f.options(cfg)
	var rec *history.Recorder
	var dir string
	switch {
	case f.file != "" && f.force:
		rec, err = history.Create(f.file, h, opts)
	case f.file != "":
		// An earlier session in the file would be lost without a word.
		rec, err = history.CreateNew(f.file, h, opts)
		var exists *history.ExistsError
		if errors.As(err, &exists) {
			return nil, nil, fmt.Errorf("%v: choose another file with --record FILE, or pass --force to replace it", err)
		}
	default:
		name := u.Host
		if h.Demo {
			// The built-in demo's random port closes with it: the file
			// says what it was instead.
			name = "demo"
		}
		if dir, err = history.DefaultDir(); err == nil {
			rec, err = history.CreateIn(dir, now, name, h, opts)
		}
	}
	if err != nil {
		if from := history.DirFromEnv(dir); f.file == "" && from != "" {
			// The directory is not one the user typed here: say where it
			// came from, or they look for the mistake in the command.
			return nil, nil, fmt.Errorf("%v (%s, choose a file with --record FILE, or --no-record)", err, from)
		}
		return nil, nil, fmt.Errorf("%v (choose another file with --record FILE, or --no-record)", err)
	}
	r := &recording{rec: rec, failed: make(chan error, 1)}
	out := history.Tee(in, rec, r.told(onErr))
	return out, r, nil
}

// told is what Tee tells of the recording: each says more than the one
// before (history.Tee). onErr (which may be nil) hears of a failure as it
// happens.
func (r *recording) told(onErr func(error)) func(error) {
	return func(err error) {
		if c, ok := caveatOf(err); ok {
			// The records are whole, a disk said to be falling behind
			// included: it caught up (history.Tee).
			r.mu.Lock()
			failed := r.err != nil
			r.caveat, r.err = c, nil
			r.mu.Unlock()
			if failed {
				// The screen, told the disk fell behind, is told it
				// caught up: its bar said so until quit.
				r.tell(err)
			}
			return
		}
		var nw *history.NotWritten
		counted := errors.As(r.Err(), &nw) // the end's count follows
		r.fail(err)
		// A close the disk did not answer is said once, by report, at
		// the end it belongs to, and so is the count of the records
		// dropped.
		var u *history.Unanswered
		if onErr != nil && !errors.As(err, &u) && !counted {
			onErr(err)
		}
	}
}

// namesDirectory reports a --record path that names a directory: one that
// is there ("is a directory"), or a path ending in a separator, which
// names one whether it is there or not. Left to the recorder, the first
// was refused as "not a regular file" with advice about exec --json, and
// the second had its directory made before the same refusal.
func namesDirectory(path string) (what string, dir bool) {
	if path == "" {
		return "", false
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return "is a directory", true
	}
	if os.IsPathSeparator(path[len(path)-1]) {
		return "ends in " + path[len(path)-1:] + ", so it names a directory", true
	}
	return "", false
}

// recordPathError is the one wording of a --record path that cannot be
// used, for every command that records (exec and the TUI when it names a
// directory, proxy whatever it names): which path, what is wrong with it,
// what to pass instead, and that leaving --record out records to the
// sessions directory.
func recordPathError(path, what, instead string) error {
	// A sessions directory that cannot be used says so, by itself, when
	// the user leaves --record out: here it is only named.
	dir, _ := history.DefaultDir()
	return fmt.Errorf("--record %s %s: %s, or leave --record out to record to the sessions directory (%s)", path, what, instead, dir)
}

// shown is what a live screen shows of records, the stream start returned:
// the records as the recording holds them, redacted by the same rules
// (history.Redacting), whether or not there is a recording. The screen is
// often shared, and y copies what it shows.
func (f *recordFlags) shown(records <-chan []mcp.Record, cfg mcp.Config) <-chan []mcp.Record {
	// The URL as the recorder reads it (see start).
	url := cfg.URL
	if u, err := mcp.TargetURL(cfg.URL); err == nil {
		url = u.String()
	}
	return history.Redacting(records, f.options(cfg), url)
}

// options are the redaction rules for what this session writes out: its
// recording, and exec --json's lines.
func (f *recordFlags) options(cfg mcp.Config) history.RecordOptions {
	return history.RecordOptions{Secrets: f.secrets, Tokens: secretsOf(cfg), Headers: cfg.Header, Elsewhere: "--record FILE or MCPSCOPE_STATE_DIR=DIR"}
}

// secretsOf lists the credentials the user gave, so the recording can leave
// them out wherever they turn up (a server may echo a token in a URL or a
// body): the bearer token and the credential of -H Authorization headers.
// The URL's password needs no listing: the recorder finds it in the header.
func secretsOf(cfg mcp.Config) []string {
	var out []string
	if cfg.Bearer != "" {
		out = append(out, cfg.Bearer)
	}
	for _, name := range []string{"Authorization", "Proxy-Authorization"} {
		for _, v := range cfg.Header.Values(name) {
			if cred := history.Credential(v); cred != "" {
				out = append(out, cred)
			}
		}
	}
	return out
}
