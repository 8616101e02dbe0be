package mcp

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// TimeoutError is a request that got no answer in time.
type TimeoutError struct {
	// Transport is the session's transport, which decides the advice.
	Transport string
	Method    string
	ID        string
	After     string
	Accepted  bool // the server took the message; the wait was for the answer
	// Unfinished is how many bytes of the answer had come without making a
	// whole event or JSON body: it began and stopped coming, or, with
	// StillComing, was still coming too slowly.
	Unfinished int64
	// Length is the Content-Length of the JSON body those Unfinished
	// bytes began, 0 when it named none (or they began an event).
	Length int64
	// HeadBegan says the POST's answer had begun (its first bytes came)
	// when it had not been taken yet: its status line and headers never
	// ended.
	HeadBegan bool
	// Interim is the status of the last 1xx answer the POST got (100
	// Continue, 103 Early Hints), 0 for none: the server said an answer
	// was coming, and its final status never came whole. With HeadBegan,
	// the final status line began after it and stalled.
	Interim int
	// Refused is the final status of a POST the server did not take
	// ("500 Internal Server Error") when the wait ran out reading its
	// body: Unfinished and Length say how far that body got.
	Refused string
	// StillComing says the last bytes of that unfinished answer came in
	// the second half of the wait: it was still arriving, too slowly.
	StillComing bool
	// CommentOnly says the Unfinished bytes were SSE comment lines and
	// nothing else: no event, so no answer, had begun. A keep-alive cut
	// mid-line is no answer that stalled, and a buffering proxy, which the
	// advice for one blames, passed those bytes.
	CommentOnly bool
	// Opening says the wait was the connect timeout of the request that
	// opens a session (initialize, server/discover), not --timeout.
	Opening bool
	// PostSaid is the status and first line of the body of a POST that
	// was taken (2xx) but said more than a 202 does ("200 OK, text/html:
	// <h1>Error</h1>"), empty when it said nothing more.
	PostSaid string
	// ResumedAfter is, when the answer's stream dropped and was resumed
	// (Last-Event-ID), the event id it was last resumed after; and
	// ResumedEvents how many events came on the resumed stream: a store
	// that replays what was missed and sends nothing after loses the
	// answer, which reads like a slow tool.
	ResumedAfter  string
	ResumedEvents int
	// ResumeAsked is the wait the server's retry field asked for before
	// that resumption when it was past mcpscope's cap ("3600000 ms (1h)"),
	// "" when it was not: the cap's wait was spent at the server's asking.
	ResumeAsked string
	// ResumeCap is the cap that wait was held to (Config.MaxRetry); 0
	// reads as the default, 30s.
	ResumeCap time.Duration
	// strays are what came back while it waited and answered nothing
	// (Misnamed, Shadowed, Retyped, DataAlike, Foreign, Malformed,
	// Unreadable): a server that mangles ids looks like one that is silent.
	strays
	// ReplyFailed says which of our answers to the server's own questions,
	// sent while this request waited, the server did not take: a server
	// that asks mid-request waits for that answer before it answers.
	ReplyFailed string
	// Unanswered names a question of the server's, asked while this
	// request waited, that was still waiting for the user's answer when
	// the wait ran out: the server waits for that answer before it
	// answers, so no --timeout for a slow tool is the cause.
	Unanswered string
}

// Error says which request waited how long, and what did come.
func (e *TimeoutError) Error() string {
	return fmt.Sprintf("no answer to %s (id %s) within %s: %s", e.Method, e.ID, e.After, e.WhatCame())
}

// WhatCame says what did come while the request waited: whether the POST
// was answered, how much of an answer began, and what strayed. The wait
// for the request that opens a session says it too, after its own words.
func (e *TimeoutError) WhatCame() string {
	var why string
	switch {
	case !e.Accepted && e.Refused != "":
		why = "the POST was answered " + e.Refused + ", and its body " + e.bodyCame()
	case !e.Accepted && e.Interim != 0 && e.HeadBegan:
		why = "the POST was answered " + codeText(e.Interim) + ", an interim answer saying one is coming, and then its final status line and headers began, but never ended"
	case !e.Accepted && e.Interim != 0:
		why = "the POST was answered " + codeText(e.Interim) + ", an interim answer saying one is coming, and then no final status"
	case !e.Accepted && e.HeadBegan:
		why = "the POST's answer began, but its status line and headers never ended"
	case !e.Accepted:
		why = "the POST itself got no answer"
	case e.Unfinished > 0 && e.CommentOnly:
		why = "the server took it but no answer came back: " + CommentOnly(e.Unfinished)
	case e.Unfinished > 0 && e.Length > 0 && e.StillComing:
		why = "its answer was still coming, too slowly: " + ofLength(e.Unfinished, e.Length) + " had come"
	case e.Unfinished > 0 && e.Length > 0:
		// Said as a body cut off by a closed connection says it.
		why = "its answer began and stopped coming after " + ofLength(e.Unfinished, e.Length)
	case e.Unfinished > 0 && e.StillComing:
		why = "its answer was still coming, too slowly: " + byteCount(e.Unfinished) + " of an event or body that had not ended yet"
	case e.Unfinished > 0:
		why = "its answer began and stopped coming, " + bytesInto(e.Unfinished, "an event or body")
	default:
		why = "the server took it but no answer came back"
	}
	msg := why
	if e.PostSaid != "" {
		msg += "; its POST was answered " + e.PostSaid
	}
	if e.ResumedAfter != "" {
		events := fmt.Sprintf("%d events", e.ResumedEvents)
		if e.ResumedEvents == 1 {
			events = "1 event"
		}
		msg += fmt.Sprintf("; its stream had dropped and was resumed after event %s, and %s came on the resumed stream", clip.Quote(e.ResumedAfter, 64), events)
		if e.ResumeAsked != "" {
			limit := e.ResumeCap
			if limit <= 0 {
				limit = maxRetry
			}
			msg += "; " + cappedWaited(e.ResumeAsked, limit)
		}
	}
	if e.ReplyFailed != "" {
		msg += "; meanwhile mcpscope " + e.ReplyFailed
	}
	if e.Unanswered != "" {
		msg += "; meanwhile the server asked " + e.Unanswered + ", which nobody had answered when the wait ran out"
	}
	return msg + strayWords(e.strays)
}

// bodyCame says how far the body of a refused POST got: Unfinished bytes
// of the Length its Content-Length named (0 for none).
func (e *TimeoutError) bodyCame() string {
	switch {
	case e.Unfinished == 0 && e.Length > 0:
		return fmt.Sprintf("never came (its Content-Length named %s)", byteCount(e.Length))
	case e.Unfinished == 0:
		return "never came"
	case e.Length > 0 && e.StillComing:
		return "was still coming, too slowly: " + ofLength(e.Unfinished, e.Length) + " had come"
	case e.Length > 0:
		return "stopped coming after " + ofLength(e.Unfinished, e.Length)
	case e.StillComing:
		return "was still coming, too slowly: " + byteCount(e.Unfinished) + " had come"
	}
	return "stopped coming after " + byteCount(e.Unfinished)
}

// Met is what the wait met, in WireError.Met's words: an answer begun
// and stalled, one still coming too slowly, a request taken and left
// unanswered, or "" for nothing.
func (e *TimeoutError) Met() string {
	switch {
	case !e.Accepted && e.Refused != "" && !e.Opening:
		// The status is the answer: its body is what stopped.
		return MetRefused
	case e.Accepted && e.Unfinished > 0 && !e.CommentOnly && e.StillComing:
		// Bytes came in the wait's second half: slow, not stuck.
		return MetComing
	case !e.Accepted && e.HeadBegan, e.Accepted && e.Unfinished > 0 && !e.CommentOnly:
		return MetStalled
	case e.Accepted, e.Interim != 0:
		return MetTaken
	}
	return ""
}

// CommentOnly says what came on a stream whose unfinished block, n bytes,
// holds only comment lines: bytes, but no event begun. The legacy
// endpoint's wait and a request's wait say it alike.
func CommentOnly(n int64) string {
	return byteCount(n) + " came, only comment (lines beginning with a colon, which are not events) in a block not yet ended: no event had begun"
}

// answeredNothing reports whether st holds answers that paired with no
// request of ours: ids never sent, errors with id null, the request's id
// retyped or named twice.
func (st strays) answeredNothing() bool {
	return len(st.Foreign)+len(st.NullErrors)+len(st.Retyped)+len(st.Shadowed) > 0
}

// NamesStrays reports whether err, a request's failure, names the answers
// that came back for no request of ours while it waited: exec notes each
// such answer under its command, unless the command's error said them.
func NamesStrays(err error) bool {
	var te *TimeoutError
	var we *WireError
	return errors.As(err, &te) && te.strays.answeredNothing() || errors.As(err, &we) && we.Strayed
}

// strays are the messages that came back while a request waited and
// answered nothing: what a person needs to see why its answer never came.
type strays struct {
	// Misnamed are the names of SSE events other than "message" that
	// carried an answer with the request's id, each quoted and cut with
	// its size (misnamedQuoted) where it was noted: said as they are,
	// since a second cut would give the first cut's size as the name's.
	Misnamed []string
	// Shadowed are the last ids of answers that named "id" more than once,
	// the waiting request's id first: mcpscope reads the last, a reader
	// that keeps the first reads the request's answer.
	Shadowed []string
	// Retyped are ids of answers that gave the waiting request's id as a
	// string, where it was sent as a number: JSON-RPC ids match by type
	// too.
	Retyped []string
	// DataAlike are the names of fields a person reads as "data" ("Data",
	// "data "; see dataAlikeName), in events that carried no data: readers
	// ignore them, so what they held reached nobody.
	DataAlike []string
	// Foreign are the ids of answers that arrived meanwhile for requests we
	// never sent.
	Foreign []string
	// NullErrors are the errors of answers with id null: the server's
	// word that it could not read a request, or could not tell its id.
	NullErrors []string
	// Malformed are the ids of messages that arrived meanwhile with an id
	// but neither a result nor an error: an answer, broken, that the
	// request it meant to answer cannot take.
	Malformed []string
	// Unreadable say why each message that arrived meanwhile with no id
	// to read was no JSON-RPC message: the answer may have been one.
	Unreadable []string
}

// strayWords says what strayed, as clauses to append to a message that
// says the answer did not come; "" when nothing did.
func strayWords(st strays) string {
	var msg string
	if len(st.Misnamed) > 0 {
		msg += fmt.Sprintf("; an answer with its id came in an SSE event named %s, which clients do not read: only message events carry messages", st.Misnamed[0])
	}
	if len(st.Shadowed) > 0 {
		msg += "; an answer came back naming " + idTwice("this request's id", idList(st.Shadowed)) + ", so it answers nothing here, but a reader that keeps the first takes it as this request's answer"
	}
	if len(st.DataAlike) > 0 {
		msg += fmt.Sprintf(`; an event carried its data in a field named %q, which SSE readers ignore: %s, and only "data" carries data`, st.DataAlike[0], DataAlikeWhy(st.DataAlike[0]))
	}
	if len(st.Retyped) > 0 {
		msg += fmt.Sprintf("; an answer came back with id %s, this request's id as a string where mcpscope sent a number: JSON-RPC ids match by type as well as value, so it answers nothing here", idList(st.Retyped))
	}
	if len(st.Foreign) > 0 {
		msg += "; " + ForeignAnswer(idList(st.Foreign))
	}
	if len(st.NullErrors) > 0 {
		msg += "; " + nullIDErrorWords(st.NullErrors[0])
	}
	if len(st.Malformed) > 0 {
		msg += fmt.Sprintf("; a message came back with id %s but neither a result nor an error, so it answers nothing", idList(st.Malformed))
	}
	switch n := len(st.Unreadable); {
	case n == 1:
		msg += fmt.Sprintf("; a message came back that is %s, so if it was the answer it could not be read", st.Unreadable[0])
	case n > 1:
		msg += fmt.Sprintf("; %d messages came back that are no JSON-RPC messages (the first %s), so if one was the answer it could not be read", n, st.Unreadable[0])
	}
	return msg
}

// idList joins ids a server sent for one message, each cut to a length a
// line can carry: an id can be a megabyte long. An id that came more than
// once is named once, saying how often ("424242 (twice)"): repeated, it
// read as several ids.
func idList(ids []string) string {
	times := make(map[string]int, len(ids))
	var order []string
	for _, id := range ids {
		if times[id] == 0 {
			order = append(order, id)
		}
		times[id]++
	}
	out := make([]string, len(order))
	for i, id := range order {
		out[i] = clip.Quote(id, 64)
		switch n := times[id]; {
		case n == 2:
			out[i] += " (twice)"
		case n > 2:
			out[i] += fmt.Sprintf(" (%d times)", n)
		}
	}
	return strings.Join(out, ", ")
}

// bytesInto says where an answer stopped: n bytes into what (an event, a
// body) that never ended.
func bytesInto(n int64, what string) string {
	return byteCount(n) + " into " + what + " that never ended"
}

// ofLength says how far a JSON body got of the length it named: "96 of
// the 196 bytes its Content-Length named".
func ofLength(n, length int64) string {
	return fmt.Sprintf("%d of the %d bytes its Content-Length named", n, length)
}

// byteCount is n bytes in words: "1 byte", "12 bytes".
func byteCount(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// MidEvent says where a stream that ended inside an event (no blank line
// ended its last block) stopped: n bytes into it. No message came of
// those bytes; they are recorded as they came. mcpscope's own sessions
// and the proxy say it alike.
func MidEvent(n int) string { return bytesInto(int64(n), "an event") }
