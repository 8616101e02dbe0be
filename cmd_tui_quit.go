package main

import (
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/waitnote"
	"github.com/mcpscope/mcpscope/internal/wrap"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// quitWait is how long quitting the TUI waits, once the screen is given
// back, for the server to take its leave (the DELETE ending its session, a
// call's cancellation): each is bounded on its own, but a user who quit
// should get the prompt back at once, not after a slow server's seconds.
// A variable so a test of ctrl+c in that wait can widen it past a loaded
// machine's delays; nothing else sets it.
var quitWait = time.Second

// execCloseWait is how long exec's end waits for the server to take its
// leave: under the DELETE's own bound (mcp's deleteWait, 2s), so that the
// wait ends here, where giving up is said, not silently there.
const execCloseWait = 1500 * time.Millisecond

// closeNoticeAfter is how long a goodbye may take before the user is told
// what the wait is for: a quit that says nothing for two seconds looks
// hung.
const closeNoticeAfter = waitnote.After

// closeOnQuit closes sessions (the TUI's or exec's one, or the proxy
// TUI's own ones) together as they end, waiting at most wait for their
// goodbyes to the server, or until leave gets a signal (the TUI's ctrl+c,
// once the screen is given back; nil where the caller has its own). It
// says on errw, once, what it waits for when a close is still out
// closeNoticeAfter on (the DELETEs ending them, else a call's
// cancellation), and when it stopped waiting, once per server with how
// many sessions it gave up on: the proxy's quit said the same two lines
// for each of its sessions. The sessions' records end either way, for the
// recordings to be whole.
func closeOnQuit(errw io.Writer, wait time.Duration, leave <-chan os.Signal, sessions ...*mcp.Session) {
	done := make([]atomic.Bool, len(sessions))
	var wg sync.WaitGroup
	for i, sess := range sessions {
		wg.Go(func() {
			sess.Close()
			done[i].Store(true)
		})
	}
	closed := make(chan struct{})
	go func() {
		wg.Wait()
		close(closed)
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	stop := func() {}
	if wait > closeNoticeAfter {
		out := func() bool {
			for i := range done {
				if !done[i].Load() {
					return true
				}
			}
			return false
		}
		stop = waitnote.Watch(closeNoticeAfter, out, func() {
			fmt.Fprintln(errw, closeWaitNote(sessions, leave != nil))
		}, nil)
	}
	stoppedAt := "within " + mcp.DurationText(wait)
	// why is what the recording says of a DELETE cut short: it read
	// "failed: context canceled".
	why := "after waiting " + mcp.DurationText(wait)
	select {
	case <-closed:
		stop()
		return
	case <-timer.C:
	case sig := <-leave:
		stoppedAt, why = "before ctrl+c", signalWords(sig)
		if isTerminal(errw) {
			// The terminal echoed the ctrl+c as ^C where the cursor
			// is, and the line below ran on after it (as exec's
			// interrupted clears it).
			fmt.Fprint(errw, "\r\x1b[K")
		}
	}
	var late []*mcp.Session
	for i, sess := range sessions {
		if !done[i].Load() {
			late = append(late, sess)
			sess.HurryFor(why)
		}
	}
	<-closed
	stop()
	sayStoppedWaiting(errw, stoppedAt, late)
}

// quitInterrupts is the channel a TUI's quit gets ctrl+c on once the
// screen is given back, for closeOnQuit's leave, and what stops it. The
// screen is given back: ctrl+c is a signal again, not a key. It cuts the
// goodbyes short, for the records to end and the recordings to close; it
// killed mcpscope mid-wait, the recording's end unwritten. The client's
// TUI and the proxy's both quit through it.
func quitInterrupts() (<-chan os.Signal, func()) {
	leave := make(chan os.Signal, 1)
	signal.Notify(leave, os.Interrupt)
	return leave, func() { signal.Stop(leave) }
}

// closeWaitNote is the line saying what quitting waits for, of sessions
// some of whose closes are still out: the DELETEs ending them when any is
// out; else a call's cancellation (a close slow once its DELETE was
// answered was called the DELETE, and one slow for its cancellation alone
// waited its second in silence). canLeave adds that ctrl+c leaves now.
func closeWaitNote(sessions []*mcp.Session, canLeave bool) string {
	line := "mcpscope: waiting for the server to take the cancellation of a call still running…"
	if n := deletesOut(sessions); n > 0 {
		what := "the session"
		if n > 1 {
			what = fmt.Sprintf("%d sessions", n)
		}
		line = "mcpscope: ending " + what + " upstream (DELETE)…"
	}
	if canLeave {
		line += " ctrl+c leaves now"
	}
	return line
}

// deletesOut is how many of sessions have the DELETE ending them out.
func deletesOut(sessions []*mcp.Session) int {
	n := 0
	for _, sess := range sessions {
		if inFlight, _ := sess.EndingUpstream(); inFlight {
			n++
		}
	}
	return n
}

// sayStoppedWaiting says on errw that quitting stopped waiting, at
// stoppedAt ("within 1s", "before ctrl+c"), for the goodbyes of late: one
// line for each server and kind of goodbye, with how many sessions it was.
func sayStoppedWaiting(errw io.Writer, stoppedAt string, late []*mcp.Session) {
	type server struct {
		host       string
		streamable bool
	}
	var order []server
	count := map[server]int{}
	for _, sess := range late {
		// The host alone names the server: the URL may carry a credential.
		k := server{host: "?", streamable: sess.Transport() == mcp.TransportStreamable}
		if u, err := url.Parse(sess.URL()); err == nil && u.Host != "" {
			k.host = u.Host
		}
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
	}
	for _, k := range order {
		n := count[k]
		said := "did not take the cancellation of a call still running %s: stopped waiting; the server may finish that call all the same"
		switch {
		case k.streamable && n == 1:
			said = "did not answer the DELETE ending its session (or a call's cancellation) %s: stopped waiting; the session may stay open on the server until it expires"
		case k.streamable:
			said = fmt.Sprintf("did not answer the DELETEs ending %d sessions (or calls' cancellations) %%s: stopped waiting; the sessions may stay open on the server until they expire", n)
		case n > 1:
			said = fmt.Sprintf("did not take the cancellations of calls still running in %d sessions %%s: stopped waiting; the server may finish those calls all the same", n)
		}
		fmt.Fprintf(errw, "mcpscope: the server at %s "+said+"\n", sanitize.Line(k.host), stoppedAt)
	}
}

// sayRecordedOnQuit tells w, as the TUI quits, where its whole recording
// is and how to replay and export it; width is the width of the terminal
// w writes to (0: none).
func (r *recording) sayRecordedOnQuit(w io.Writer, width int) {
	// The path is named as the commands below name it, from ~/ and
	// quoted as a shell reads it, so a path with a space or a quote
	// pastes back as one argument: with a long home directory the whole
	// path was wider than 80 columns and soft-wrapped mid-path.
	q := homeShellPath(r.Path())
	sayShownBelow(w, "session recorded to", q)
	r.sayCaveat(w)
	// The export line is the TUI's only word of export: it has no key
	// for it, and a newcomer asked how to share a session.
	sayCommandBelow(w, width, "replay it", "mcpscope replay", q)
	sayCommandBelow(w, width, "export it", "mcpscope export --format md -o session.md", q)
}

// homeShellPath is command.ShellPath of path, but under the home directory
// as ~/ and the rest quoted: the recordings live in ~/.local/state, and
// the home directory's name made a command of 80 columns and more, where
// the rest of it fits in 80 on a line of its own. The user's shell
// expands ~ to the same $HOME, as it is mcpscope's user pasting it.
func homeShellPath(path string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" || home == "/" {
		return command.ShellPath(path)
	}
	rest, ok := strings.CutPrefix(path, strings.TrimSuffix(home, "/")+"/")
	if !ok || rest == "" {
		return command.ShellPath(path)
	}
	return "~/" + command.ShellValue(rest)
}

// sayCommandBelow writes words, a colon, and a command to paste (verb and
// then path, quoted as a shell reads it) on a line of its own; when that
// line would not fit in width, the path goes on the next line after a
// backslash. At 80 columns the command soft-wrapped mid-path, and a
// terminal that breaks the line there on copying pasted a path the shell
// split or could not find; a backslash ending the line is the shell's own
// "the command goes on", so the two lines paste as one command, and the
// path's line, alone, is the path.
func sayCommandBelow(w io.Writer, width int, words, verb, path string) {
	path = sanitize.Line(path)
	sep := " "
	if width > 0 && 2+ansi.StringWidth(verb+sep+path) > width {
		// The path's own line is indented under the command, unless
		// that makes it wrap: the default ~/.local/state/... path of a
		// longer host name, 78 columns at 2, wrapped at 4.
		sep = " \\\n    "
		if 4+ansi.StringWidth(path) > width {
			sep = " \\\n  "
		}
	}
	fmt.Fprintf(w, "%s:\n  %s%s%s\n", words, verb, sep, path)
}

// sayPathBelow writes words, a colon, and what a user copies (a path,
// quoted as a shell reads it: command.ShellPath) on a line of its own.
// After words on the same line a long path wrapped mid-path at 80 columns,
// and selecting the line gave half of it. It is the one way a line names
// where a recording is (sayCommandBelow, how to open it).
func sayPathBelow(w io.Writer, words, path string) {
	sayShownBelow(w, words, command.ShellPath(path))
}

// sayShownBelow is sayPathBelow of a path already quoted for the shell
// (command.ShellPath, homeShellPath), made safe all the same (sanitize.Line:
// the state directory may come from the environment, holding an escape
// sequence).
func sayShownBelow(w io.Writer, words, shown string) {
	sayShownBelowIn(w, 0, words, shown)
}

// sayShownBelowIn is sayShownBelow for a terminal width columns wide (0:
// none): words wrapped at their spaces, where the terminal broke them
// mid-word ("a clie|nt"), and the path on its line (sayShownLine).
func sayShownBelowIn(w io.Writer, width int, words, shown string) {
	for _, row := range wrapped(words+":", width) {
		fmt.Fprintln(w, row)
	}
	sayShownLine(w, width, shown, "")
}

// sayShownLine writes shown (a path quoted for the shell), indented by two
// and followed by note, on one line when it fits in width (or there is no
// width: a script greps the one line). Else the path alone, still whole,
// and note on the lines after, indented by four: a path is what the user
// copies. The path keeps its indent unless only the indent would wrap it
// (the terminal put its end at the left edge, under its start), as
// sayPathAfter's does: one wider than the terminal wraps either way.
func sayShownLine(w io.Writer, width int, shown, note string) {
	shown = sanitize.Line(shown)
	line := "  " + shown
	if note != "" {
		line += " " + note
	}
	if width <= 0 || ansi.StringWidth(line) <= width {
		fmt.Fprintln(w, line)
		return
	}
	if pw := ansi.StringWidth(shown); pw <= width && 2+pw > width {
		fmt.Fprintln(w, shown)
	} else {
		fmt.Fprintln(w, "  "+shown)
	}
	if note != "" {
		for _, row := range wrapped(note, width-4) {
			fmt.Fprintln(w, "    "+row)
		}
	}
}

// wrapped is text as the rows of a terminal width columns wide show it,
// broken at its spaces (wrap.Words); with no width (0), one row.
func wrapped(text string, width int) []string {
	if width <= 0 {
		return []string{text}
	}
	return wrap.Words(text, width)
}

// sayPathAfter writes words and path (quoted as a shell reads it:
// command.ShellPath), then ", " and and when and is not "", on one line
// when that fits in width, the width of the terminal w writes to, or when
// w is no terminal (width 0): a script greps that one line for the path,
// and a pipe has no width to wrap at. Else the path has a line of its own
// (sayPathBelow), not indented where only that would wrap it, and and the
// next: a state directory of 70 columns wrapped "3 recordings in DIR" at
// 80 mid-path.
func sayPathAfter(w io.Writer, width int, words, path, and string) {
	shown := command.ShellPath(path)
	line := words + " " + sanitize.Line(shown)
	if and != "" {
		line += ", " + and
	}
	if width <= 0 || ansi.StringWidth(line) <= width {
		fmt.Fprintln(w, line)
		return
	}
	if pw := ansi.StringWidth(sanitize.Line(shown)); pw <= width && 2+pw > width {
		fmt.Fprintf(w, "%s:\n%s\n", words, sanitize.Line(shown))
	} else {
		sayShownBelow(w, words, shown)
	}
	if and != "" {
		fmt.Fprintln(w, and)
	}
}
