package mcp

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// SessionGone reports an answer to a request that carried a session id
// meaning the server does not know that id: 404 (the official Go SDK), or
// 400 with a JSON-RPC error that names no request (the TypeScript SDK's
// -32000 "no valid session"). ct is the answer's media type.
func SessionGone(status int, ct string, body Raw) bool {
	if status == http.StatusNotFound {
		return true
	}
	if status != http.StatusBadRequest || ct != "application/json" {
		return false
	}
	p, ok := peekMessage(bytesOf(string(body)))
	return ok && p.errv != nil && (p.id == nil || string(p.id) == "null") && bytes.Contains(bytes.ToLower(bytesOf(string(body))), []byte("session"))
}

// adopt keeps the session id the initialize answer resp named; others
// are the values of any more Mcp-Session-Id headers it had, which name no
// session mcpscope uses and are said, not dropped without a word, as are
// the headers it sent only in its trailer and versions that contradict
// each other (headerNotes), read once its body is.
func (t *streamable) adopt(id string, gen int, others []string, resp *http.Response) {
	t.mu.Lock()
	if t.gen != gen {
		t.mu.Unlock()
		return
	}
	t.sessionID, t.known, t.expired = id, false, ""
	t.mu.Unlock()
	detail := "session " + id
	if note := SessionIDNote(id); note != "" {
		detail += " (" + note + ")"
	}
	st := &StateChange{State: StateOpen, Conn: gen, URL: t.endpoint.String(), Transport: TransportStreamable, SessionID: id, OtherSessionIDs: others}
	for _, note := range st.headerNotes(resp) {
		detail += " (" + note + ")"
	}
	st.Detail = detail
	t.s.emit(Record{Kind: KindState, State: st})
}

// headerNotes keeps on an open state what else the initialize answer resp
// said wrong in its headers, and returns the words for its Detail
// (InitializeNotes): the MCP headers it sent only in its trailer, and the
// MCP-Protocol-Version headers past the first that say another version.
func (st *StateChange) headerNotes(resp *http.Response) []string {
	st.TrailerOnly = trailerOnly(resp)
	st.OtherVersions = OtherVersions(resp.Header)
	return st.InitializeNotes()
}

// InitializeNotes are the words for what the initialize answer of an open
// state said wrong in its headers, nil when nothing: more Mcp-Session-Id
// headers than one, MCP headers only in its trailer, MCP-Protocol-Version
// headers that disagree. Its Detail (the TUI) and exec's notes say them
// alike.
func (st *StateChange) InitializeNotes() []string {
	var notes []string
	ids := OtherSessionIDsNote(st.OtherSessionIDs)
	if st.SessionID == "" && len(st.OtherSessionIDs) > 0 {
		ids = emptyFirstSessionIDNote(st.OtherSessionIDs)
	}
	for _, note := range []string{ids, TrailerOnlyNote(st.TrailerOnly), OtherVersionsNote(st.OtherVersions)} {
		if note != "" {
			notes = append(notes, note)
		}
	}
	return notes
}

// OtherVersions are the values of h's MCP-Protocol-Version headers past
// the first that differ from it: nil for one, or for the same said twice.
// h is an answer's headers, or a record's (RecordedValues).
func OtherVersions(h map[string][]string) []string {
	vs := RecordedValues(h, "Mcp-Protocol-Version")
	var others []string
	for _, v := range vs[min(1, len(vs)):] {
		if v != vs[0] && !slices.Contains(others, v) {
			others = append(others, v)
		}
	}
	return others
}

// OtherVersionsNote says that the initialize answer had MCP-Protocol-Version
// headers naming more versions than the first, "" when it had none: the
// open state's Detail (the TUI) and exec's notes say it alike, as
// OtherSessionIDsNote says two session ids. A proxy that adds its own is
// why a later answer seems to switch versions.
func OtherVersionsNote(others []string) string {
	return versionsNote("the initialize answer", others, initializeNamed)
}

// initializeNamed is the version mcpscope sends in a session that began
// with initialize.
const initializeNamed = "the version the initialize result named"

// AnswerVersionsNote says, in OtherVersionsNote's words, that an answer
// after initialize had MCP-Protocol-Version headers naming more versions
// than the first, "" when it had none: the Negotiation pane and exec's
// notes say it (history.AnswerCheck). stateless is the 2026 era's
// session, which has no initialize: its version is server/discover's.
func AnswerVersionsNote(others []string, stateless bool) string {
	if stateless {
		return versionsNote("an answer", others, "the version server/discover agreed on")
	}
	return versionsNote("an answer", others, initializeNamed)
}

// versionsNote says that answer had MCP-Protocol-Version headers past the
// first saying others, and that mcpscope sends the version sent names.
func versionsNote(answer string, others []string, sent string) string {
	if len(others) == 0 {
		return ""
	}
	return fmt.Sprintf("%s had %d MCP-Protocol-Version headers that disagree, the others saying %s: mcpscope sends %s",
		answer, len(others)+1, quotedOthers(others), sent)
}

// quotedOthers lists the values of a header past its first, as the notes
// of an initialize answer that named more than one quote them.
func quotedOthers(others []string) string {
	return clip.ListFunc(others, 3, func(o string) string { return fmt.Sprintf("%q", clip.Quote(o, 64)) })
}

// OtherSessionIDsNote says that the initialize answer named more session
// ids than the one kept, "" when it named one: the open state's Detail
// (the TUI) and exec's notes say it alike, as a server (or a proxy in
// front of it) naming two is why a session can fail later.
func OtherSessionIDsNote(others []string) string {
	if len(others) == 0 {
		return ""
	}
	return fmt.Sprintf("the initialize answer had %d Mcp-Session-Id headers, the others saying %s: the first is sent back",
		len(others)+1, quotedOthers(others))
}

// emptyFirstSessionIDNote is OtherSessionIDsNote for an initialize answer
// whose first Mcp-Session-Id, the one a client takes, was empty: the ids
// after it are said as they came, though none is sent back.
func emptyFirstSessionIDNote(others []string) string {
	return fmt.Sprintf("it had %d Mcp-Session-Id headers, the first empty, the others saying %s: the first is the one a client takes",
		len(others)+1, quotedOthers(others))
}

// EmptySessionID is the Detail of the StateOpen record of a session whose
// initialize answer carried an Mcp-Session-Id header with no value.
const EmptySessionID = "the initialize answer's Mcp-Session-Id header is empty, which names no session (a session id is visible ASCII characters, 0x21 to 0x7E): mcpscope goes on without a session id"

// emptySessionID reports an Mcp-Session-Id header that is there with
// nothing in it (net/http trims the spaces around a value): the first,
// which is the one a client takes, though more follow it.
func emptySessionID(h http.Header) bool {
	v, there := h[http.CanonicalHeaderKey("Mcp-Session-Id")]
	return there && (len(v) == 0 || v[0] == "")
}

// emptySession says, once the initialize answer resp's record is out,
// that the server sent no session id mcpscope can use (an empty one, or
// one only in its trailer), or no id but other headers wrong
// (headerNotes): it is treated as none, since sent back empty it would
// name no session either, and a server that wants one says so on the next
// request. Nothing is said when nothing is wrong.
func (t *streamable) emptySession(gen int, resp *http.Response) {
	st := &StateChange{State: StateOpen, Conn: gen, URL: t.endpoint.String(), Transport: TransportStreamable}
	empty := emptySessionID(resp.Header)
	if empty {
		// Said as they came: an empty first one read as the whole
		// answer left a real id after it unsaid.
		ids := resp.Header.Values("Mcp-Session-Id")
		st.OtherSessionIDs = ids[min(1, len(ids)):]
	}
	notes := st.headerNotes(resp)
	switch {
	case empty && len(notes) > 0:
		st.Detail = EmptySessionID + " (" + strings.Join(notes, "; ") + ")"
	case empty:
		st.Detail = EmptySessionID
	case len(notes) == 0:
		return
	default:
		st.Detail = strings.Join(notes, "; ")
	}
	t.mu.Lock()
	current := t.gen == gen
	if current {
		t.emptyIDGen, t.trailerIDGen = 0, 0
		if empty {
			t.emptyIDGen = gen
		}
		if slices.Contains(st.TrailerOnly, "Mcp-Session-Id") {
			t.trailerIDGen = gen
		}
	}
	t.mu.Unlock()
	if current {
		t.s.emit(Record{Kind: KindState, State: st})
	}
}

// trailerOnly names the MCP headers (Mcp-Session-Id,
// MCP-Protocol-Version) resp sent only in its trailer, the header lines
// after a chunked body's last chunk, once the body is read: a client is
// free to ignore trailer fields (RFC 9110, 6.5.1), and MCP clients do, so
// a session id sent so names no session, without a word.
func trailerOnly(resp *http.Response) []string {
	var names []string
	for _, name := range mcpHeaders {
		if _, there := resp.Header[name]; !there && len(resp.Trailer.Values(name)) > 0 {
			names = append(names, name)
		}
	}
	return names
}

// mcpHeaders are the MCP headers an answer may send only in its trailer
// (trailerOnly).
var mcpHeaders = []string{"Mcp-Session-Id", "Mcp-Protocol-Version"}

// trailerAnnounced reports whether resp's Trailer header announced an MCP
// header as a trailer, before its body is read: only then does an event
// stream's open state wait for the stream's end, which a server may hold
// off past the answer (answeredLinger), the state then said after the
// session read as initialized and resetting what was known since.
func trailerAnnounced(resp *http.Response) bool {
	for _, name := range mcpHeaders {
		if _, there := resp.Trailer[name]; there {
			return true
		}
	}
	return false
}

// TrailerOnlyNote says that the initialize answer sent names only in its
// trailer, "" when it sent none so: the open state's Detail (the TUI) and
// exec's notes say it alike.
func TrailerOnlyNote(names []string) string {
	if len(names) == 0 {
		return ""
	}
	spelled := make([]string, len(names))
	for i, n := range names {
		spelled[i] = n
		if n == "Mcp-Protocol-Version" {
			spelled[i] = "MCP-Protocol-Version"
		}
	}
	return fmt.Sprintf("the initialize answer sent %s only as a trailer (after its chunked body), which clients ignore: the server must send it as a header", strings.Join(spelled, " and "))
}

// noIDWords says how the initialize answer of session gen named no id.
func (t *streamable) noIDWords(gen int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.trailerIDGen == gen {
		return "its Mcp-Session-Id came only as a trailer, which clients ignore"
	}
	if t.emptyIDGen == gen {
		return "its Mcp-Session-Id header was empty"
	}
	return "no Mcp-Session-Id header"
}

// SessionIDNote says what is wrong with a session id a streamable server
// named, "" when nothing is: the open state's Detail (the TUI) and exec's
// notes say it alike.
func SessionIDNote(id string) string {
	if visibleASCII(id) {
		return ""
	}
	return "not only visible ASCII, as the specification requires of a session id: sent back as it came"
}

// visibleASCII reports an id made only of the characters the
// specification allows in a session id (0x21 to 0x7E).
func visibleASCII(id string) bool {
	for i := 0; i < len(id); i++ {
		if id[i] < 0x21 || id[i] > 0x7e {
			return false
		}
	}
	return true
}

// knownBy notes that the server answered 2xx to a request carrying id.
func (t *streamable) knownBy(gen int, id string) {
	t.mu.Lock()
	if t.gen == gen && t.sessionID == id {
		t.known = true
	}
	t.mu.Unlock()
}

// expire forgets a session the server no longer knows. It reports whether
// the server had ever accepted it (or the session is already gone): a
// session refused on the first request that carried it was never kept.
func (t *streamable) expire(gen int, id string, status int) bool {
	t.mu.Lock()
	if t.gen != gen || t.sessionID != id {
		t.mu.Unlock()
		return true
	}
	known := t.known
	t.sessionID, t.protocol, t.known, t.expired = "", "", false, id
	cancel := t.getCancel
	t.getCancel = nil
	t.mu.Unlock()
	if cancel != nil {
		cancel(nil)
	}
	s := t.s
	s.mu.Lock()
	s.initialized, s.protocol = false, ""
	s.mu.Unlock()
	detail := fmt.Sprintf("the server answered %d to session %s: it no longer knows it", status, id)
	if !known {
		detail = fmt.Sprintf("the server answered %d to the first request carrying session %s: it never accepted the session its initialize answer named", status, id)
	}
	t.mu.Lock()
	if t.expired == id {
		t.expiredWhy = detail
	}
	t.mu.Unlock()
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateExpired, Conn: gen, SessionID: id, Transport: TransportStreamable, Detail: detail}})
	return known
}

// close ends the GET stream and, unless it is to be kept, the session,
// with DELETE (step 7), bounded (deleteWait).
func (t *streamable) close() {
	t.mu.Lock()
	id, protocol, gen := t.sessionID, t.protocol, t.gen
	cancel := t.getCancel
	t.getCancel = nil
	t.mu.Unlock()
	if cancel != nil {
		cancel(nil)
	}
	t.end(id, protocol, gen)
}

// deleteWait bounds the DELETE that ends a session, or the request
// timeout where that is shorter. 300 ms ran out before a new connection's
// TLS handshake over a slow link (a few round trips of 100 ms and more),
// and on a loaded machine, leaving the session open on the server with a
// failed DELETE recorded. Quitting stays quick without a tighter bound:
// HurryFor (exec's ctrl+c, the TUI's quit) cuts it short.
const deleteWait = 2 * time.Second

// end asks the server to end session id with DELETE, bounded so quitting
// or starting over never waits long on a server that does not answer.
// With --keep-session the session is left as it is.
func (t *streamable) end(id, protocol string, gen int) {
	s := t.s
	if id == "" || s.cfg.KeepSession {
		return
	}
	ctx, done := context.WithTimeout(s.goodbye, min(deleteWait, s.cfg.RequestTimeout))
	defer done()
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, t.endpoint.String(), nil)
	if err != nil {
		return
	}
	t.headers(req, id, protocol)
	ex := &HTTPExchange{Purpose: PurposeDelete, Conn: gen}
	// The DELETE is out until its body is read too: a server that sends
	// the headers and holds the body still keeps quitting waiting.
	s.deleting.Add(1)
	// Hurried before it went out, the request fails at once unsent.
	sent := s.goodbye.Err() == nil
	resp, err := s.do(req, ex)
	var readErr error
	if err == nil {
		ex.Body, ex.BodySize, readErr = readExcerpt(resp.Body, BodyLimit)
		resp.Body.Close()
	}
	s.deleteGaveUp.Store((err != nil || readErr != nil) && ctx.Err() != nil)
	s.deleting.Add(-1)
	s.emitHTTP(ex)
	detail := "DELETE ended session " + id
	refusal, refused, short := "", false, ""
	if err == nil {
		refusal, refused = NoDelete(resp.StatusCode, id)
	} else {
		short = cutShort(ctx, sent)
	}
	switch {
	case short != "":
		detail = "DELETE of session " + id + " " + short
	case err != nil:
		detail = deleteFailedWords(id) + err.Error()
	case refused:
		detail = refusal
	case resp.StatusCode >= 300:
		detail = fmt.Sprintf("DELETE of session %s answered %s", id, statusText(resp))
	}
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateClosed, Conn: gen, SessionID: id, Transport: TransportStreamable, Detail: detail}})
}

// Sessionless reports a 2025 streamable HTTP session whose initialize
// answer named no session (no Mcp-Session-Id): a stateless server, which
// keeps nothing to match a notifications/cancelled to the request it
// names, so closing the request's stream is what stops it.
func (s *Session) Sessionless() bool {
	s.mu.Lock()
	tr := s.tr
	s.mu.Unlock()
	t, ok := tr.(*streamable)
	if !ok || t.modern {
		return false
	}
	id, _, _, _ := t.session()
	return id == ""
}

// EndingUpstream reports whether a DELETE ending a session is in flight
// (re-initializing ends the old session first, up to deleteWait), and
// whether the last one ran out of time or was cut short: the session may
// stay open on the server until it expires.
func (s *Session) EndingUpstream() (inFlight, gaveUp bool) {
	return s.deleting.Load() > 0, s.deleteGaveUp.Load()
}
