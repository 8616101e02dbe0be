package main

import (
	"fmt"
	"io"
	"net/url"
	"time"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// quitWait is how long quitting the TUI waits, once the screen is given
// back, for the server to take its leave (the DELETE ending its session, a
// call's cancellation): each is bounded on its own, but a user who quit
// should get the prompt back at once, not after a slow server's seconds.
const quitWait = time.Second

// execCloseWait is how long exec's end waits for the server to take its
// leave: under the DELETE's own bound (mcp's deleteWait, 2s), so that the
// wait ends here, where giving up is said, not silently there.
const execCloseWait = 1500 * time.Millisecond

// closeNoticeAfter is how long a goodbye may take before the user is told
// what the wait is for: a quit that says nothing for two seconds looks
// hung.
const closeNoticeAfter = 300 * time.Millisecond

// closeOnQuit closes sess as the TUI or exec ends, waiting at most wait for
// its goodbyes to the server; it says on errw what it waits for once that
// takes closeNoticeAfter, and when it stopped waiting. The session's
// records end either way, for the recording to be whole.
func closeOnQuit(sess *mcp.Session, errw io.Writer, wait time.Duration) {
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		sess.Close()
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	notice := time.NewTimer(closeNoticeAfter)
	defer notice.Stop()
	// Only a streamable session ends with a DELETE: a legacy or stateless
	// one's goodbyes are the cancellations of calls still running, which
	// take no time worth a word unless the server holds them.
	if sess.Transport() != mcp.TransportStreamable || wait <= closeNoticeAfter {
		notice.Stop()
	}
wait:
	for {
		select {
		case <-closed:
			return
		case <-notice.C:
			fmt.Fprintln(errw, "mcpscope: ending the session upstream (DELETE)…")
		case <-timer.C:
			break wait
		}
	}
	sess.Hurry()
	<-closed
	said := "did not take the cancellation of a call still running within %s: stopped waiting; the server may finish that call all the same"
	if sess.Transport() == mcp.TransportStreamable {
		said = "did not answer the DELETE ending its session (or a call's cancellation) within %s: stopped waiting; the session may stay open on the server until it expires"
	}
	// The host alone names the server: the URL may carry a credential.
	host := "?"
	if u, err := url.Parse(sess.URL()); err == nil && u.Host != "" {
		host = u.Host
	}
	fmt.Fprintf(errw, "mcpscope: the server at %s "+said+"\n", sanitize.Line(host), mcp.DurationText(wait))
}

// sayRecordedOnQuit tells w, as the TUI quits, where its whole recording
// is and how to replay and export it.
func (r *recording) sayRecordedOnQuit(w io.Writer) {
	sayPathBelow(w, "session recorded to", r.Path())
	r.sayCaveat(w)
	// The command is quoted as a shell reads it, so a path with a space
	// or a quote pastes back as one argument. The export line is the
	// TUI's only word of export: it has no key for it, and a newcomer
	// asked how to share a session.
	q := command.ShellPath(r.Path())
	fmt.Fprintf(w, "  replay it: mcpscope replay %s\n  export it: mcpscope export %s --format md -o session.md\n", q, q)
}

// sayPathBelow writes words, a colon, and path on a line of its own,
// made safe (sanitize.Line: the state directory may come from the
// environment, holding an escape sequence). After words on the same line
// a long path wrapped mid-path at 80 columns, and selecting the line gave
// half of it. It is the one way a line names where a recording is.
func sayPathBelow(w io.Writer, words, path string) {
	fmt.Fprintf(w, "%s:\n  %s\n", words, sanitize.Line(path))
}
