package mcp

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// The words a 2026 round that ended without all its answers is told in,
// made here alone: exec prints them and the TUI shows them, so a round
// reads the same in both, and the same whatever the server named its keys.

// ErrUnanswered is a question the user left unanswered: the wait
// (--timeout) ran out. Like a decline it ends the round's asking; unlike
// one it is no answer the user chose, so the request failed. It is not an
// ErrNoAnswer, which says nothing could answer: here someone could have,
// and a live round's timeout and a re-run's recorded one read alike.
var ErrUnanswered = errors.New("the question was left unanswered")

// unansweredError is a question nobody answered within the wait.
type unansweredError struct{ wait time.Duration }

func (e *unansweredError) Error() string {
	return "nobody answered within " + DurationText(e.wait)
}

// Is makes it ErrUnanswered, as the re-run's recorded timeout is.
func (e *unansweredError) Is(target error) bool { return target == ErrUnanswered }

// InputRequiredError is a request the server would only finish with input
// nobody gave.
type InputRequiredError struct {
	Method  string
	Missing []InputRequest
	// Reasons say why each of Missing went without an answer, by index;
	// nil when Err says it for all of them.
	Reasons []error
	Err     error
}

// Error names each kind of input that was not given by what was asked
// (the methods: the server's keys for them are its own, and named the
// same round differently), the first few of each: not given, left
// unanswered, declined.
func (e *InputRequiredError) Error() string {
	var notGiven, unanswered, declined []InputRequest
	var why, waited error
	for i, r := range e.Missing {
		reason := e.Err
		if i < len(e.Reasons) {
			reason = e.Reasons[i]
		}
		switch {
		case errors.Is(reason, ErrDeclined):
			declined = append(declined, r)
		case errors.Is(reason, ErrUnanswered):
			unanswered, waited = append(unanswered, r), reason
		default:
			notGiven = append(notGiven, r)
			if why == nil && reason != nil && !errors.Is(reason, ErrNoAnswer) {
				why = reason
			}
		}
	}
	if len(e.Missing) == 0 && e.Err != nil && !errors.Is(e.Err, ErrNoAnswer) && !errors.Is(e.Err, ErrDeclined) {
		why = e.Err
	}
	methods := func(rs []InputRequest) string {
		return clip.ListFunc(rs, MaxListed, func(r InputRequest) string { return NameShown(r.Method) })
	}
	if len(notGiven) == 0 && len(unanswered) == 0 && (len(declined) > 0 || errors.Is(e.Err, ErrDeclined)) {
		// The user's choice, not a failure: the 2026 revision has no
		// result that declines a sampling request (an elicitation has
		// action decline), so the one way to decline is not to send
		// the request again.
		return fmt.Sprintf("declined %s; %s was not sent again, since the 2026-07-28 revision has no answer that declines sampling", methods(declined), NameShown(e.Method))
	}
	var b strings.Builder
	b.WriteString(NameShown(e.Method) + " needs input that was not given")
	sep := ": "
	if len(notGiven) > 0 || len(unanswered) == 0 {
		b.WriteString(sep + methods(notGiven))
		if why != nil {
			b.WriteString(": " + why.Error())
		}
		sep = "; "
	}
	if len(unanswered) > 0 {
		b.WriteString(sep + "left unanswered " + methods(unanswered))
		if ue := (*unansweredError)(nil); errors.As(waited, &ue) {
			b.WriteString(" (" + ue.Error() + ")")
		}
		sep = "; "
	}
	if len(declined) > 0 {
		b.WriteString(sep + "declined " + methods(declined))
	}
	if len(unanswered) > 0 || len(declined) > 0 {
		// Asking ended there: what was not asked is not named.
		b.WriteString("; " + NameShown(e.Method) + " was not sent again")
	}
	return b.String()
}

// Unwrap is why the input could not be given, if it could not.
func (e *InputRequiredError) Unwrap() error { return e.Err }

// ForeignAnswer tells of an answer that pairs with no request of ours, ids
// its id (or ids) as shown: a request's timeout (strayWords) and exec's
// notes say it in these words alike.
func ForeignAnswer(ids string) string {
	return "an answer came back with id " + ids + " that no request of ours has"
}

// NullIDError tells of an error whose id is null, quoting the server's
// code, message and data as a request's timeout does (strayWords).
func NullIDError(e *RPCError) string { return nullIDErrorWords(e.quoted(nullQuoted)) }

// nullIDErrorWords is NullIDError of an error quoted already: a session
// keeps the id-null errors it saw cut (foreignAnswer.nullError).
func nullIDErrorWords(quoted string) string {
	return "an error came back with id null, JSON-RPC's answer to a request the server could not read or could not tell the id of: " + quoted
}
