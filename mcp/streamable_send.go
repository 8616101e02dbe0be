package mcp

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptrace"
	"net/textproto"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// send POSTs one message and handles the answer as step 2 describes.
func (t *streamable) send(ctx context.Context, m *outgoing) error {
	s := t.s
	id, protocol, gen, quiet := t.session()
	if gone := t.expiredID(); id == "" && gone != "" && m.method != "initialize" {
		return &WireError{Cause: CauseSessionExpired, Transport: t.name(), Purpose: PurposePost,
			Message: fmt.Sprintf("not sent: session %s expired (the server no longer knows it), and %s needs a session", clip.Quote(gone, 64), m.method)}
	}
	reqCtx, aside := ctx, (*asideStream)(nil)
	if m.p == nil {
		aside = newAsideStream(ctx)
		defer aside.end()
		reqCtx = aside.ctx
	}
	if p := m.p; p != nil {
		interim := 0 // header bytes of the 1xx answers so far
		reqCtx = httptrace.WithClientTrace(reqCtx, &httptrace.ClientTrace{
			GotConn:              p.afterInterim.gotConn,
			GotFirstResponseByte: func() { p.headBegan.Store(true) },
			Got1xxResponse: func(code int, h textproto.MIMEHeader) error {
				p.afterInterim.interim()
				p.interim.Store(int32(code))
				// Traced, 1xx answers no longer count toward net/http's
				// header limit: endless ones must still end.
				if interim += headerBytes(h); interim > maxHeaderBytes {
					return errInterimFlood
				}
				return nil
			},
		})
	}
	req, err := http.NewRequestWithContext(reqCtx, http.MethodPost, t.endpoint.String(), bytes.NewReader(m.body))
	if err != nil {
		return &WireError{Cause: CauseUnreachable, Transport: t.name(), Message: err.Error(), Err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	t.headers(req, id, protocol)
	for k, vs := range m.header {
		req.Header[k] = vs
	}
	purpose := PurposePost
	if quiet && (m.method == "initialize" || m.method == "server/discover") {
		purpose = PurposeProbe
	}
	ex := &HTTPExchange{Purpose: purpose, ReqSeq: m.seq, Conn: gen}
	resp, err := s.do(req, ex)
	if err != nil {
		s.emitHTTP(ex)
		return withTransport(err, t.name(), purpose)
	}
	ok := resp.StatusCode >= 200 && resp.StatusCode < 300
	if m.p != nil {
		m.p.accepted.Store(ok)
		if !ok {
			m.p.refusedWith(resp, s.cfg.Now)
		}
	}
	if ok && id != "" {
		t.knownBy(gen, id)
	}
	// The session the answer names is adopted once its record is out, so
	// the log reads in the order things happened.
	adopt := func() {}
	// emptyAdopt says adopt only says what was wrong (emptySession), with
	// no session to keep: on an event stream announcing a trailer it
	// waits for the stream's end, as it waits for a JSON body's.
	emptyAdopt := false
	if sid := resp.Header.Get("Mcp-Session-Id"); ok && id == "" && sid != "" && m.method == "initialize" {
		if len(sid) > maxSessionID {
			// Sent back on every request, it would be refused (431) or
			// weigh on each: the session cannot be used.
			ex.Body, ex.BodySize, _ = readExcerpt(resp.Body, int64(s.cfg.MaxEventSize))
			resp.Body.Close()
			s.emitHTTP(ex)
			return &WireError{Cause: CauseBadSessionID, Transport: t.name(), Purpose: purpose, Status: resp.StatusCode,
				Message: fmt.Sprintf("the initialize answer names a session id (Mcp-Session-Id) of %d bytes; mcpscope sends back at most %d", len(sid), maxSessionID)}
		}
		others := resp.Header.Values("Mcp-Session-Id")[1:]
		adopt = func() { t.adopt(sid, gen, others, resp) }
	} else if ok && id == "" && m.method == "initialize" && !t.modern {
		// An empty id, one only in the trailer, versions that disagree:
		// read once the body is, as a trailer comes after it.
		adopt = func() { t.emptySession(gen, resp) }
		emptyAdopt = true
	}
	ct := MediaType(resp.Header)
	var cb *cutBody
	switch {
	case aside != nil && ok && ct != "text/event-stream":
		cb = newCutBody(resp.Body, cutUnawaited)
		resp.Body = cb
	case ok && ct != "text/event-stream" && ct != "application/json":
		cb = newCutBody(resp.Body, cutNoAnswer)
		resp.Body = cb
	}
	switch {
	case ok && ct == "text/event-stream":
		ex.Opened = "sse"
		s.emitHTTP(ex)
		if emptyAdopt && trailerAnnounced(resp) {
			// A trailer is read once the stream ends; only one announced
			// waits for it: the open state must precede "initialized".
			defer adopt()
		} else {
			adopt()
		}
		if aside != nil {
			t.readAside(aside, m, resp, gen)
			return nil
		}
		return t.readResponse(ctx, m, resp, gen)
	case ok && ct == "application/json":
		return t.jsonAnswer(m, resp, ex, gen, id, adopt)
	case ok:
		var broke error
		ex.Body, ex.BodySize, broke = readExcerpt(resp.Body, int64(s.cfg.MaxEventSize))
		resp.Body.Close()
		if cb != nil {
			ex.Err = cb.note()
		}
		s.emitHTTP(ex)
		adopt()
		if m.p != nil && resp.StatusCode == http.StatusAccepted {
			// The answer may still come on the GET stream; if not, the
			// timeout quotes what the 202 said.
			m.p.notePostSaid(resp, QuotedBody(ex.Body, broke), broke)
		}
		if ex.BodySize == 0 || resp.StatusCode == http.StatusAccepted {
			return t.noBody(m, resp, id, purpose)
		}
		// What the body says, as an error status's body is quoted: a
		// login page of a proxy in front reads as one.
		size, unread := bombCut(ex.BodySize, broke)
		we := &WireError{Cause: CauseBadContentType, Transport: t.name(), Purpose: purpose, Status: resp.StatusCode,
			Header:  contentTypeHeader(resp.Header),
			Message: fmt.Sprintf("POST %s answered %s with Content-Type %s, neither JSON nor an event stream: %s%s", t.endpoint, statusText(resp), ContentTypeWords(resp.Header), bodyLine(resp.Header, QuotedBody(ex.Body, broke), size), unread)}
		if broke == nil && answersWith(ex.Body, m.id) {
			we.Mislabelled = true
			we.Message += fmt.Sprintf("; that body is the JSON-RPC result of %s all the same: only its Content-Type is wrong", m.method)
		}
		return we
	}
	// A JSON body may be the request's JSON-RPC error, however long: it is
	// read whole (up to --max-event-size) and the record keeps its start.
	var whole Raw
	var broke error
	readWhole := m.p != nil && ct == "application/json"
	if readWhole {
		whole, ex.BodySize, broke = readKept(resp.Body, int64(s.cfg.MaxEventSize)+1, int64(s.cfg.MaxEventSize))
		ex.Body = whole
		if len(whole) > BodyLimit {
			// A copy: a view of its start would keep the whole body in
			// the record.
			ex.Body = Raw(strings.Clone(string(whole[:BodyLimit])))
		}
	} else {
		ex.Body, ex.BodySize, broke = readExcerpt(resp.Body, int64(s.cfg.MaxEventSize))
	}
	resp.Body.Close()
	s.emitHTTP(ex)
	if id != "" && SessionGone(resp.StatusCode, ct, ex.Body) {
		err := &WireError{Cause: CauseSessionExpired, Transport: t.name(), Purpose: purpose, Status: resp.StatusCode,
			Message: fmt.Sprintf("POST %s answered %s to a request carrying session %s: the server no longer knows the session", t.endpoint, statusText(resp), id)}
		if !t.expire(gen, id, resp.StatusCode) {
			err.Cause = CauseSessionNotKept
			err.Message = fmt.Sprintf("POST %s answered %s to the first request carrying session %s, which its initialize answer named: the server never accepted the session it gave", t.endpoint, statusText(resp), id)
		}
		return err
	}
	// A JSON-RPC error naming our request is that request's answer, whatever
	// the status: the pair shows both.
	if readWhole && int64(len(whole)) == ex.BodySize && len(whole) <= s.cfg.MaxEventSize {
		in := &inbound{conn: gen, stream: StreamJSON, reqSeq: m.seq}
		if answerID(whole) == m.id {
			s.handleMessage(in, nil, string(whole), s.cfg.Now())
			if !s.waiting(m.id) {
				return nil
			}
		}
	}
	if id == "" && protocol != "" && !t.modern && m.method != "initialize" && resp.StatusCode == http.StatusBadRequest && strings.Contains(strings.ToLower(string(ex.Body)), "session") {
		// The TypeScript SDK's "No valid session ID provided" to a
		// session initialize left without an id: the status alone reads
		// as a bad message.
		size, unread := bombCut(ex.BodySize, broke)
		return &WireError{Cause: CauseSessionNotGiven, Transport: t.name(), Purpose: purpose, Status: resp.StatusCode,
			Message: fmt.Sprintf("POST %s answered %s: %s%s; the server wants a session id, and its initialize answer named none (%s)", t.endpoint, statusText(resp), clip.HeadlineOf(QuotedBody(ex.Body, broke), 200, int(size)), unread, t.noIDWords(gen))}
	}
	return t.s.statusError(purpose, t.name(), http.MethodPost, answeredAt(t.endpoint.String(), resp), resp, QuotedBody(ex.Body, broke), ex.BodySize, broke)
}

// maxSessionID bounds the session id mcpscope sends back on every request,
// and the event id it sends back as Last-Event-ID; real ids are UUIDs,
// counters and the like, tens of bytes.
const maxSessionID = 4096

// answersWith reports whether body is one JSON-RPC result to the request
// whose id is id: a server that mislabels its answer, not one of another
// transport or a page that is no MCP endpoint.
func answersWith(body Raw, id string) bool {
	p, ok := peekMessage(bytes.TrimSpace([]byte(body)))
	return ok && !p.hasMethod && p.result != nil && p.errv == nil && SameID(string(p.id), id)
}
