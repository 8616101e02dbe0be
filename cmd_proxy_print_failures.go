package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied session's failures and refused requests are printed at most
// a line a second of each kind, with how many the recording has besides.

// failureRun is a run of failures of one kind (failureKind) in a session,
// and when the last of them came.
type failureRun struct {
	kind  string
	op    string // the failures' Op, for the count to name
	of    string // the request failing, without its id (failingOf), for the count to name; "" for none
	count refusals
	at    time.Time
}

// failureKind is what makes two failures the same for a line: what failed
// and why, and of which request (of, its method and tool or subject), not
// its id: a client retrying tools/list makes one run, but the initialize's
// failure is not counted in as one more like the last of another request.
// Its words are part of it: only the first of a run has its line, and a
// failure saying something else (a stream cut mid-event after streams
// that ended whole) folded in was said by no line, only the recording.
// The words are compared without their numbers (withoutNumbers): streams
// cut at a different byte each time would otherwise each print a line.
func failureKind(e *mcp.ErrorInfo, of string) string {
	return fmt.Sprintf("%s\x00%s\x00%d\x00%s\x00%s\x00%s\x00%s", e.Op, e.Cause, e.Status, e.Purpose, e.Addr, of, withoutNumbers(e.Message))
}

// withoutNumbers is text with each run of digits as one '#'.
func withoutNumbers(text string) string {
	var b strings.Builder
	inDigits := false
	for _, r := range text {
		digit := r >= '0' && r <= '9'
		if !digit {
			b.WriteRune(r)
		} else if !inDigits {
			b.WriteByte('#')
		}
		inDigits = digit
	}
	return b.String()
}

// refusal prints the line of a request of the session the proxy refused
// itself, unless one with its status was printed less than a second
// before: a client past --max-in-flight that retries at once is refused
// as fast as it asks, and each is in the recording. The next line, or the
// session's end (ended), says how many were not printed.
func (lp *linePrinter) refusal(r mcp.Record) {
	more, say := refusalsOf(&lp.refused, r.Error.Status).add(r.Time, true)
	if !say {
		return
	}
	text := r.Error.Op + ": " + r.Error.Message
	if more > 0 {
		text += fmt.Sprintf(" (and %d more since the last such line)", more)
	}
	lp.lineAt(r.Time, "!", text, "")
}

// failure prints the line of a failure (text) of request of (its name
// without the id; "" for none), unless one of its kind was printed less
// than a second before in the run it is part of: an upstream that refuses
// every request refuses a client retrying in a tight loop as fast as it
// asks, and each is in the recording. The run's end (endFailures) says
// how many were not printed.
func (lp *linePrinter) failure(r mcp.Record, of, text string) {
	kind := failureKind(r.Error, of)
	if lp.failing != nil && lp.failing.kind != kind {
		lp.endFailures()
	}
	if lp.failing == nil {
		lp.failing = &failureRun{kind: kind, op: r.Error.Op, of: of}
	}
	lp.failing.at = r.Time
	more, say := lp.failing.count.add(r.Time, true)
	if !say {
		return
	}
	if more > 0 {
		text += fmt.Sprintf(" (and %d more like this)", more)
	}
	lp.lineAt(r.Time, "!", text, "")
}

// endFailures ends the run of failures, if any, saying how many of it no
// line printed since the last one did.
func (lp *linePrinter) endFailures() {
	run := lp.failing
	lp.failing = nil
	if run == nil || run.count.unsaid == 0 {
		return
	}
	what := run.op + " failure"
	if run.of != "" {
		what += " of " + run.of
	}
	lp.lineAt(run.at, "!", fmt.Sprintf("… %d more like the last %s (the recording has each)", run.count.unsaid, what), "")
}

// ended says, once the session's records ended, how many of its failures
// and refused requests no line printed since the last of their kind, and
// which of its requests were never answered.
func (lp *linePrinter) ended() {
	lp.sayStart()
	lp.endFailures()
	lp.neverAnswered()
	for _, status := range slices.Sorted(maps.Keys(lp.refused)) {
		if n := lp.refused[status].unsaid; n > 0 {
			what := fmt.Sprintf("%d more requests were", n)
			if n == 1 {
				what = "1 more request was"
			}
			lp.lineAt(lp.last, "!", fmt.Sprintf("%s refused with %d since the last such line (the recording has each)", what, status), "")
		}
	}
}

// neverAnswered says the requests still waiting as the session ended, the
// first few by name: no answer came and nothing ended them (a client
// killed mid-call, its resumable stream dropped, leaves its call so). The
// last word on such a call was "the request still waits", and the
// session's end said nothing of it, where the TUI's row reads closed.
func (lp *linePrinter) neverAnswered() {
	waiting := slices.Sorted(maps.Keys(lp.asked))
	if lp.unanswered != nil && len(waiting) > 0 {
		names := make([]string, len(waiting))
		for i, seq := range waiting {
			names[i] = lp.asked[seq].name
		}
		lp.unanswered(names)
	}
	for i, seq := range waiting {
		if i == waitingNamed {
			lp.lineAt(lp.last, "·", fmt.Sprintf("… %d more requests were never answered (the recording has each)", len(waiting)-i), "")
			break
		}
		lp.lineAt(lp.last, "·", lp.asked[seq].name+":", "never answered: it "+fmt.Sprintf(stillWaited, "the"))
	}
	clear(lp.asked)
}

// stillWaited is what is said of a request never answered, on its line
// and in the report (proxySessions.sayUnanswered).
const stillWaited = "still waited when %s session ended"

// waitingNamed is how many requests never answered the end of a session
// names, one line each.
const waitingNamed = 3
