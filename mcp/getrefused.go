package mcp

import (
	"net/http"
	"strings"
)

// NoGetStream judges an answer that refuses a GET for the streamable
// stream of server messages: when the status is a server saying it offers
// none there, it returns the words that say so and true, and the refusal
// is a fact about the server, not a failure; otherwise "" and false.
// withSession says the GET carried a session id, and initialized that
// the client had initialized when it sent it. The client's own GET stream
// and the proxy's relayed GETs are judged by this one rule.
//
//   - 405 is the specification's answer from a server with no GET stream.
//   - 404 to a GET with no session id: the server has no GET route at that
//     URL (the TypeScript SDK without sessions behind Express); with a
//     session id, 404 means the session is gone, a failure. Before any
//     POST it is said as seen then: that POSTs are answered is not known.
//   - 400 to a GET sent before the client initialized, so with no session
//     id: the server serves a GET stream only within a session (the
//     official SDKs: "Mcp-Session-Id header is required"). A client that
//     asks that early (Vercel's @ai-sdk/mcp does) is answered so, and goes
//     on. After initialize, 400 is a failure (a server reading the GET's
//     empty body as JSON).
func NoGetStream(status int, withSession, initialized bool) (string, bool) {
	switch {
	case status == http.StatusMethodNotAllowed:
		return "this server offers no GET stream (405)", true
	case status == http.StatusNotFound && !withSession && !initialized:
		// Nothing was POSTed yet: that POSTs are answered at this URL
		// is not known, only that the GET was refused.
		return "this server offers no GET stream here: a GET sent before any POST answered 404 (the specification's answer is 405)", true
	case status == http.StatusNotFound && !withSession:
		return "this server offers no GET stream: GET answered 404 where POSTs are answered (the specification's answer is 405)", true
	case status == http.StatusBadRequest && !withSession && !initialized:
		return "this server offers a GET stream only within a session: it refused one asked for before the client initialized (400)", true
	}
	return "", false
}

// NoDelete judges the answer to the DELETE that ends a session: 405 is the
// specification's answer from a server that does not let clients end
// sessions, a fact about the server and not a failure, and the words say
// so (the session is left to expire). The client's own DELETE and the
// proxy's relayed one are judged by this one rule.
func NoDelete(status int, sessionID string) (string, bool) {
	if status == http.StatusMethodNotAllowed {
		return "the server does not allow DELETE (405): session " + sessionID + " is left to expire", true
	}
	return "", false
}

// deleteFailedWords start the detail of the closed state of a session
// whose DELETE failed with no answer and with no help from mcpscope (not
// cut short on quitting: cutShort), which DeleteFailure reads back.
func deleteFailedWords(sessionID string) string {
	return "DELETE of session " + sessionID + " failed: "
}

// DeleteFailure is why the DELETE ending a streamable session failed with
// no answer: refused to follow a redirect to another origin (so the token
// does not go there), the connection reset, the answer not HTTP. The
// session may stay open on the server, as after a 500, and a screen says
// so; "" for any other record, and for a DELETE mcpscope stopped waiting
// for on quitting, which the quitting says itself.
func DeleteFailure(r *Record) string {
	if r.Kind != KindState || r.State == nil || r.State.State != StateClosed || r.State.Transport != TransportStreamable {
		return ""
	}
	why, ok := strings.CutPrefix(r.State.Detail, deleteFailedWords(r.State.SessionID))
	if !ok {
		return ""
	}
	return why
}

// refusedGet notes that the server offers session gen no GET stream, why.
func (t *streamable) refusedGet(gen int, why string) {
	t.mu.Lock()
	t.noGet, t.noGetGen = why, gen
	t.mu.Unlock()
}

// getRefused is why the server offers the current session no GET
// stream, "" while it may offer one.
func (t *streamable) getRefused() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.noGetGen != t.gen {
		return ""
	}
	return t.noGet
}

// getNone judges a GET's failure we (nil for none) by NoGetStream: why
// the server offers no GET stream, and true, or "" and false. A 404 is a
// lost session only when the wire said so; a server without sessions
// answers it for having no GET route.
func (t *streamable) getNone(we *WireError) (string, bool) {
	if we == nil {
		return "", false
	}
	id, _, _, _ := t.session()
	withSession := id != ""
	if we.Status == http.StatusNotFound {
		withSession = we.Cause == CauseSessionExpired || we.Cause == CauseSessionNotKept
	}
	return NoGetStream(we.Status, withSession, true)
}
