package mcp

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// How soon a stream that ended is opened again: the wait a server's retry
// field asks for, held to a bound, and the back-off from a server that
// ends its streams as soon as they open. The streams of every transport
// (streamable_streams.go, legacy.go) are paced by these.

// maxResume bounds the attempts to resume one dropped response stream.
const maxResume = 5

// defaultRetry is the wait before resuming when the server named none.
const defaultRetry = time.Second

// maxRetry caps the wait a server's retry field asks for (Config.MaxRetry's
// default): the wait is the server's to choose, but one of years
// (retry: 999999999999) would leave a request pending past its timeout, to
// be resumed never.
const maxRetry = 30 * time.Second

// retryOf reads an event's retry field, in milliseconds, held to
// [0, limit]; ok is false when the field is not a number.
func retryOf(field string, limit time.Duration) (d time.Duration, ok bool) {
	ms, err := strconv.ParseUint(field, 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	if ms > uint64(limit/time.Millisecond) {
		return limit, true
	}
	return time.Duration(ms) * time.Millisecond, true
}

// retryAsked is the wait a server's retry field asked for when it is
// longer than limit, "3600000 ms (1h)", and "" when it is not or is no
// number: held to the cap without a word, the wait reads as mcpscope idle
// for no reason, and a failure after it does not say what it waited for.
func retryAsked(field string, limit time.Duration) string {
	ms, err := strconv.ParseUint(field, 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || ms <= uint64(limit/time.Millisecond) {
		return ""
	}
	asked := clip.Quote(field, 32) + " ms"
	if ms <= uint64(math.MaxInt64/int64(time.Millisecond)) {
		// 3600000 ms reads as 1h, where Go writes 1h0m0s.
		d := (time.Duration(ms) * time.Millisecond).Round(time.Second).String()
		if strings.HasSuffix(d, "m0s") {
			d = strings.TrimSuffix(d, "0s")
		}
		if strings.HasSuffix(d, "h0m") {
			d = strings.TrimSuffix(d, "0m")
		}
		asked += " (" + d + ")"
	}
	return asked
}

// serverRetry is what a stream's retry field asked of every stream that
// follows it (EventSource keeps it across connections): the wait held to
// [0, Config.MaxRetry], and the words for a wait asked past the cap.
type serverRetry struct {
	set   bool
	wait  time.Duration
	asked string // retryAsked's words, "" when the wait is not capped
}

// read takes an event's retry field; one that is no number is ignored.
func (r *serverRetry) read(field string, limit time.Duration) {
	if d, ok := retryOf(field, limit); ok {
		*r = serverRetry{set: true, wait: d, asked: retryAsked(field, limit)}
	}
}

// reopenWait is the least wait before a stream opened at opened, which
// ended at now, is opened again after a wait of wait: one that ended as
// soon as it opened is not asked again at once, whatever a retry field
// said ("retry: 0" and an end each time would be a request per round
// trip). The streams of every transport are held to it.
func reopenWait(wait time.Duration, opened, now time.Time) time.Duration {
	if now.Sub(opened) < quickEnd {
		return max(wait, quickBackoff)
	}
	return wait
}

// cappedWaiting says, as a capped wait starts, what the server asked for
// and what mcpscope waits instead: limit, the cap in use
// (Config.MaxRetry), which --max-retry may have set to other than 30s.
func cappedWaiting(asked string, limit time.Duration) string {
	return fmt.Sprintf("the server asked to wait %s before resuming; waiting %s (mcpscope's cap)", asked, DurationText(limit))
}

// cappedWaited says, in a failure after a wait capped at limit, that the
// wait was the server's asking.
func cappedWaited(asked string, limit time.Duration) string {
	return fmt.Sprintf(cappedWaitedWords, asked, DurationText(limit))
}

// cappedWaitedWords is cappedWaited's wording, the wait asked then the
// cap, which UnsayCappedWait finds whatever the cap.
const cappedWaitedWords = "the server asked to wait %s before resuming, and mcpscope waited %s (its cap)"

// cappedSaid is cappedWaited in parentheses, to end a failure's words,
// or "" when asked is.
func cappedSaid(asked string, limit time.Duration) string {
	if asked == "" {
		return ""
	}
	return " (" + cappedWaited(asked, limit) + ")"
}

// UnsayCappedWait is text, a failure's words, without what they say of a
// capped wait the server asked for (asked, a StateResuming's RetryAsked),
// for a caller that said it as the wait started (exec, on stderr): said
// again after the answer, it read as news of a wait long over. The words
// are found whatever cap they name, as the caller does not know it.
func UnsayCappedWait(text, asked string) string {
	if asked == "" {
		return text
	}
	// asked is digits and a duration (retryAsked): no NUL to mistake.
	head, tail, _ := strings.Cut(fmt.Sprintf(cappedWaitedWords, asked, "\x00"), "\x00")
	for {
		i := strings.Index(text, head)
		if i < 0 {
			return text
		}
		j := strings.Index(text[i+len(head):], tail)
		if j < 0 {
			return text
		}
		start, end := i, i+len(head)+j+len(tail)
		switch {
		case strings.HasSuffix(text[:start], " (") && strings.HasPrefix(text[end:], ")"):
			start, end = start-2, end+1
		case strings.HasSuffix(text[:start], "; "):
			start -= 2
		}
		text = text[:start] + text[end:]
	}
}

// quickEnd is how soon a stream must end, with nothing said, to count as
// a stream that ends as soon as it opens; reopening one backs off from
// quickBackoff, doubling, and stops after maxResume of them in a row.
const (
	quickEnd     = time.Second
	quickBackoff = 50 * time.Millisecond
)

// quickEnds counts the streamable GET streams in a row that ended as soon
// as they opened with nothing said: a server that answers every GET with
// an end would otherwise be asked again for the whole session. (A legacy
// stream counts its ends with emptyEnds, which lasting does not reset.)
type quickEnds int

// ended counts a stream opened at opened that ended at now, and returns
// how many in a row ended at once: 0 when this one lasted or said
// something.
func (q *quickEnds) ended(opened, now time.Time, said bool) int {
	if said || now.Sub(opened) >= quickEnd {
		*q = 0
	} else {
		*q++
	}
	return int(*q)
}

// asidePolls counts a request's resumptions in a row that brought only
// new messages naming no request (logs, list changes). A server polled by
// its client (2025-11-25) may send a log on every poll of a long call and
// answer at the tenth, so they are no reason to give up; but one that does
// nothing else would be resumed at its retry pace until the request times
// out. Past maxResume in a row, each waits twice the one before, up to
// asidePollMax.
type asidePolls int

// asidePollMax caps the wait between resumptions that bring only messages
// naming no request.
const asidePollMax = 5 * time.Second

// wait counts a resumption that brought only such messages (aside) or
// not, and returns the least wait before the next.
func (n *asidePolls) wait(aside bool, retry time.Duration) time.Duration {
	if !aside {
		*n = 0
		return 0
	}
	if *n++; *n <= maxResume {
		return 0
	}
	d := max(retry, quickBackoff)
	for i := maxResume; i < int(*n) && d < asidePollMax; i++ {
		d *= 2
	}
	return min(d, asidePollMax)
}

// idlePolls counts the streams in a row that ended at once carrying no
// message, only event ids (new ones, or a stream would count as making no
// progress at all). A 2025-11-25 server may poll so, ending each stream
// after a priming event; one that does it with "retry: 0" would be asked
// twenty times a second for as long as the session lasts, a record each
// time. Past idleBurst of them in a row, each waits at least idleWait.
type idlePolls int

const (
	idleBurst = 16
	idleWait  = time.Second
)

// wait counts a stream opened at opened that ended at now, with a message
// in it or not, and returns the least wait before it is opened again.
func (n *idlePolls) wait(opened, now time.Time, message bool) time.Duration {
	if message || now.Sub(opened) >= quickEnd {
		*n = 0
		return 0
	}
	if *n++; *n > idleBurst {
		return idleWait
	}
	return 0
}

// emptyEnds counts the legacy streams in a row that ended having brought
// nothing new (no message, or only those a stream before brought: a
// greeting), each a session of no use, whatever each lasted: a server
// that greets and closes after a second or two would otherwise be
// reconnected to for as long as mcpscope runs, a new session each time.
// Of those that lasted quickEnd or more, only the ones that ended within
// emptyWindow of the newest count, so a server whose streams stay up long
// enough is reconnected to for good; those that ended as soon as they
// opened count however slowly they were reopened.
type emptyEnds []emptyEnd

// emptyEnd is one stream of a run of emptyEnds.
type emptyEnd struct {
	at    time.Time // when it ended
	quick bool      // it ended as soon as it opened
}

// emptyWindow is the span the ends of a run's streams that lasted must
// fall within to count together: more than maxResume stop the reconnects,
// so a stream must stay up about emptyWindow/maxResume to be reconnected
// to for good.
const emptyWindow = 30 * time.Second

// ended counts a stream opened at opened that ended at now, fresh telling
// whether it brought anything new, and returns how many in a row brought
// nothing: 0 when this one brought something.
func (e *emptyEnds) ended(opened, now time.Time, fresh bool) int {
	if fresh {
		*e = (*e)[:0]
		return 0
	}
	*e = append(*e, emptyEnd{at: now, quick: now.Sub(opened) < quickEnd})
	*e = slices.DeleteFunc(*e, func(x emptyEnd) bool { return !x.quick && now.Sub(x.at) > emptyWindow })
	return len(*e)
}

// words says how the run's streams ended: as soon as each opened, or how
// many in how long.
func (e emptyEnds) words() string {
	quick := !slices.ContainsFunc(e, func(x emptyEnd) bool { return !x.quick })
	if quick || len(e) < 2 {
		return fmt.Sprintf("as soon as it opened, %d times in a row", len(e))
	}
	return fmt.Sprintf("with nothing new, %d times in a row in %s", len(e), e[len(e)-1].at.Sub(e[0].at).Round(time.Second))
}
