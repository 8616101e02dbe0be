package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/ui"
)

// openOwn opens the user's own session to the upstream, recorded like any
// other, for the TUI's o key. It connects in the background: the panes show
// how that goes.
func (s *proxySessions) openOwn() (ui.Client, error) {
	cfg := s.cfg
	cfg.Reconnect = true
	s.mu.Lock()
	if s.answers != nil {
		// The TUI answers what the server asks (elicitation, sampling,
		// roots), as for mcpscope URL: without it the session declared
		// none of them, and a server hid the tools that ask.
		cfg.Answerer = s.answers
	}
	s.mu.Unlock()
	sess := mcp.NewSession(cfg)
	s.mu.Lock()
	s.own = append(s.own, sess)
	id := -len(s.own)
	s.mu.Unlock()
	at := time.Now()
	recs, path, log, _ := s.recordStream(sess.Records(), id, cfg.URL, cfg.Transport, at, fmt.Sprintf("own %d", -id), "", nil, true)
	s.mu.Lock()
	s.feeds = append(s.feeds, recs)
	if path != "" {
		// Said in brackets beside the path: "(you (mcpscope))" read
		// as a typo.
		s.noteRecorded(path, at, func() string { return "you, in mcpscope" })
	}
	s.mu.Unlock()
	go func() { _ = sess.Connect(context.Background()) }()
	return ui.Client{ID: id, Name: "you (mcpscope)", Records: recs, RecordingPath: path, Log: log,
		Backend: command.Runner{Session: sess}}, nil
}

// closeOwn ends the user's own sessions as the TUI quits, together, as
// the TUI's own quit does (closeOnQuit, at most wait for the server's
// goodbyes): one after another, each held DELETE had its own bound of up
// to 2 s before the prompt came back; each said its own wait. A signal on
// leave (ctrl+c, quitInterrupts) ends the wait at once, as it does the
// client TUI's: the proxy's quit had none, and ctrl+c killed it mid-wait.
func (s *proxySessions) closeOwn(wait time.Duration, leave <-chan os.Signal) {
	s.mu.Lock()
	own := s.own
	s.own = nil
	s.mu.Unlock()
	closeOnQuit(s.errw, wait, leave, own...)
}
