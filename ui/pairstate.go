package ui

import (
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/charmbracelet/lipgloss"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/themes"
)

// pairState is a row's state as text and style; a pending request that
// reported progress shows a bar instead of the word.
func (c *common) pairState(pr *history.Pair) (string, lipgloss.Style) {
	return c.pairStateWith(pr, c.spin)
}

// stillPending stands for the spinner where the text is drawn once and
// kept (Detail's lines): Detail's view puts the turning frame in its place
// (detailPane.spinning).
const stillPending = "◌"

// quietAfter is how long a pending request's progress may be silent before
// its row says so, in place of the bar (the STATE column holds 12 cells;
// the bar is back with the next progress): a tool reporting a step every
// second or two is at work, while a server stopped mid-call (kill -STOP, a
// breakpoint) read the same, the spinner turning and the time counting.
const quietAfter = 5 * time.Second

// quietFor is how long the progress of a pending request has been silent,
// in whole seconds ("12s", "3m"), once that is quietAfter or more; "" in
// Detail (stillPending), whose lines are drawn once and kept.
func (c *common) quietFor(pr *history.Pair, spin string) string {
	if spin == stillPending || pr.ProgressAt.IsZero() {
		return ""
	}
	d := c.clock().Sub(pr.ProgressAt)
	if d < quietAfter {
		return ""
	}
	if d < time.Minute {
		return strconv.Itoa(int(d/time.Second)) + "s"
	}
	if d < time.Hour {
		return strconv.Itoa(int(d/time.Minute)) + "m"
	}
	return strconv.Itoa(int(d/time.Hour)) + "h"
}

// pairStateWith is pairState with spin in place of the spinner's frame.
func (c *common) pairStateWith(pr *history.Pair, spin string) (string, lipgloss.Style) {
	st := c.st
	state, last := c.log.ShownState(pr)
	if last != nil {
		// The chain ended: its first row reads as the call came out (the
		// arrow says there were rounds).
		text, style := c.pairStateWith(last, spin)
		if sym, word, ok := strings.Cut(text, " "); ok && sym != "" && !unicode.IsLetter([]rune(sym)[0]) {
			text = word
		}
		return "↪ " + text, style
	}
	switch state {
	case history.StatePending:
		switch {
		case pr.Opening():
			// Sent, not yet acknowledged: the server may still refuse it.
			return spin + " " + pr.ListenWord(), st.Pending
		case pr.Listening():
			return "● " + pr.ListenWord(), st.Info
		case pr.Total > 0:
			if quiet := c.quietFor(pr, spin); quiet != "" {
				return spin + " quiet " + quiet, st.Pending
			}
			return spin + " " + progressBar(pr.Progress/pr.Total, 5) + " " + history.Percent(pr.Progress/pr.Total), st.Pending
		case pr.Progress > 0:
			if quiet := c.quietFor(pr, spin); quiet != "" {
				return spin + " quiet " + quiet, st.Pending
			}
			return spin + " at " + history.FormatNumber(pr.Progress), st.Pending
		}
		return spin + " pending", st.Pending
	case history.StateOK:
		if r := pr.Response; r != nil && r.RPC != nil && r.RPC.OddIsError {
			// Read as no error, as the status line says, but not a plain
			// ok: the server may have meant the tool failed (12 cells, the
			// STATE column).
			return "⚠ ok isErr?", st.Warning
		}
		if pr.Output != "" {
			// The result breaks its tool's outputSchema, or could not be
			// checked against it: Detail and the status line say which.
			return "⚠ ok schema?", st.Warning
		}
		if pr.NullResult != "" {
			// Read as an empty result, it is none; a string or an array
			// has nothing to read in it: Detail and the status line say
			// which.
			if !history.IsNullResult(pr.NullResult) {
				return "⚠ ok shape?", st.Warning
			}
			return "⚠ ok null?", st.Warning
		}
		if pr.Anyway != "" {
			// Answered after the server said it cancelled the request:
			// Detail says so.
			return "⚠ ok anyway", st.Warning
		}
		if pr.Ambiguous {
			// JSON readers may take the answer differently (a member
			// named twice, no "jsonrpc": "2.0"): what Detail shows is
			// one reading, and its top says which.
			return "⚠ ok JSON?", st.Warning
		}
		return "✓ ok", st.Success
	case history.StateInput:
		return "↪ input", st.Info
	case history.StateRPCError:
		return "✗ rpc error", st.Error
	case history.StateToolError:
		return "✗ isError", st.Error
	case history.StateTimedOut:
		return "✗ timed out", st.Error
	case history.StateLate:
		return "⚠ late", st.Warning
	case history.StateCancelled:
		return "✗ cancelled", st.Warning
	case history.StateClosed:
		// An end, not an error: the session closed with it open, or a
		// listen stream was closed (history.ShownState).
		return "○ closed", st.Dim
	case history.StateRedirected:
		// An end, not an error: the client sends it again where
		// upstream's redirect points, in the row after.
		return "↪ redirected", st.Dim
	case history.StateReplaced:
		// An end, not an error: subscribing opened a new stream, or a
		// new session replaced the request's.
		return "↻ replaced", st.Dim
	case history.StateDeclined:
		// An end the user chose, not an error (12 cells, the STATE
		// column).
		return "⊘ declined", st.Dim
	case history.StateUserCancelled:
		// A server's question the user dismissed: as declined, an end
		// they chose.
		return "⊘ cancelled", st.Dim
	case history.StateFailed:
		return "✗ failed", st.Error
	case history.StateProbe:
		return probeState(st, pr)
	case history.StatePostFailed:
		if pr.Post != nil && pr.Post.HTTP != nil && pr.Post.HTTP.Status != 0 {
			return "✗ POST " + strconv.Itoa(pr.Post.HTTP.Status), st.Error
		}
		if pr.Post == nil {
			// Refused before any POST went out (its session expired,
			// so it had none to go in): "POST error" sent the reader
			// looking for a POST that never was.
			return "✗ not sent", st.Error
		}
		if pr.NotSentWords() != "" {
			// No connection could be made for it: the server never saw
			// it, as the export says ("not sent: could not connect").
			return "✗ not sent", st.Error
		}
		// No HTTP answer at all (reset, or no answer once sent): 12
		// cells, the STATE column, where "✗ POST failed" read "✗ POST
		// fail…".
		return "✗ POST error", st.Error
	case history.StateAnswered:
		return "↩ answered", st.Dim
	case history.StateSent:
		return "sent", st.Dim
	case history.StateReceived:
		if pr.ProgressProblem != "" {
			// A notifications/progress of its own row (a token never
			// sent, after its request's answer) that went back or past
			// its total: Detail says how, and the row is warned as
			// other warned rows are.
			return "⚠ received", st.Warning
		}
		// Read as flags, not as Detail's words: a row is drawn every
		// frame.
		if r := pr.Request; r != nil && r.RPC != nil && r.RPC.ForeignSubscription != "" {
			// For a subscription that is none of ours: Detail says so.
			return "⚠ not ours", st.Warning
		}
		if r := pr.Request; r != nil && r.RPC != nil && r.RPC.Replayed {
			// Sent again by a resumed stream, as Raw events marks it:
			// no news, and exec leaves it out.
			return "↻ replayed", st.Dim
		}
		return "received", st.Dim
	}
	return wireLine(string(pr.State), 32), st.Row
}

// probeState is a refused detection probe's state. A 4xx is the expected
// "not this transport", quiet but with its status; a 5xx, or no answer at
// all, is the server failing and says so as a refused POST's row does. A
// probe taken (2xx) and answered with a JSON-RPC error is plain "probe":
// Detail shows the error.
func probeState(st *themes.Styles, pr *history.Pair) (string, lipgloss.Style) {
	if pr.Post != nil && pr.Post.HTTP != nil && pr.Post.HTTP.Status != 0 {
		status := pr.Post.HTTP.Status
		switch {
		case status >= 200 && status < 300:
			return "· probe", st.Dim
		case status >= 400 && status < 500:
			return "· probe " + strconv.Itoa(status), st.Dim
		}
		return "✗ probe " + strconv.Itoa(status), st.Error
	}
	if pr.Failure != nil {
		return "✗ probe", st.Error
	}
	return "· probe", st.Dim
}

// progressBar draws a fraction (0 to 1) in w cells.
func progressBar(f float64, w int) string {
	f = min(max(f, 0), 1)
	full := int(f * float64(w)) // a cell fills once its share is done
	return strings.Repeat("█", full) + strings.Repeat("░", w-full)
}

// methodText is what the METHOD column says of a row: the method and tool,
// a later round of a multi round-trip request under its first, and how far
// a pending request got.
func methodText(pr *history.Pair) string {
	title, progress := methodParts(pr)
	if progress != "" {
		return title + " · " + progress
	}
	return title
}

// roundMarker goes before the title of a later round of a multi
// round-trip request, indented under the chain's first row.
func roundMarker(round int) string { return "  ↳ round " + strconv.Itoa(round) + " · " }

// midRoundMarker is roundMarker two cells shorter, for a title that misses
// the column by little: at 160 columns "tools/call list_roots" read "↳2"
// under a "↳ round 2 · tools/call confirm" of the same screen.
func midRoundMarker(round int) string { return " ↳ round " + strconv.Itoa(round) + " " }

// shortRoundMarker is roundMarker for a METHOD column too narrow for it:
// "↳ round 2 · " took half of 26 cells and cut the tool's name.
func shortRoundMarker(round int) string { return " ↳" + strconv.Itoa(round) + " " }

// methodParts is methodText in two: the row's title, and what the latest
// progress of a pending request said ("" when none), which fitMethod
// keeps whole before the title when the column is narrow.
func methodParts(pr *history.Pair) (title, progress string) {
	if t, ok := notifyText(pr); ok {
		return t, ""
	}
	method := pairTitle(pr)
	if pr.Chain != 0 && pr.Round > 1 {
		method = roundMarker(pr.Round) + method
	}
	if pr.State == history.StatePending && pr.ProgressMessage != "" {
		progress = wireLine(pr.ProgressMessage, 200)
	}
	if pr.Kind == history.KindNotificationIn && pr.Method == "notifications/progress" && pr.Request != nil && pr.Request.RPC != nil && len(pr.Request.RPC.Raw) <= notifyNoteMax {
		// A progress for a pending request of ours is folded into its row;
		// one that has a row of its own matched none, like an answer to an
		// id we never sent: mostly a bridge sharing one upstream that
		// broadcasts another client's (rarely one after our answer). It
		// is read every frame: one too large for that keeps its method.
		if p, ok := mcp.ParseProgress([]byte(pr.Request.RPC.Raw)); ok {
			method += " · foreign token " + wireLine(p.Token, 40)
		}
	}
	return method, progress
}
