package mcptest

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// Call is one POSTed message on its way through Options.Handle. The handler
// scripts two things with it: the answer to the POST (202 with an empty body
// unless Status or Hang says otherwise) and what is written on the stream.
// Stream writes are queued and go out after the POST's answer was flushed,
// unless RepliesBefore202 or ReplyBefore202 asks for them first.
type Call struct {
	Message
	// Session is the stream the POST was routed to; never nil.
	Session *Conn
	// Server is the fake the POST arrived at.
	Server *Server

	header      http.Header
	status      int
	contentType string
	body        string
	hang        bool
	open        bool
	early       bool
	resultFirst bool
	everywhere  bool
	queue       []func()
}

// Header is the header map of the POST's answer, for extra headers such as
// WWW-Authenticate.
func (c *Call) Header() http.Header { return c.header }

// Status answers the POST with this status, Content-Type (none if empty) and
// body instead of 202 with an empty body.
func (c *Call) Status(code int, contentType, body string) {
	c.status, c.contentType, c.body = code, contentType, body
}

// Hang never answers the POST: it stays open until the client gives up or
// the server closes. Stream writes already scripted still happen.
func (c *Call) Hang() { c.hang = true }

// KeepOpen sends the scripted status and body but never ends the body: it
// stays open until the client gives up or the server closes, as a hostile
// server keeps its 202 open. Stream writes scripted still happen.
func (c *Call) KeepOpen() { c.open = true }

// RepliesBefore202 makes every later Reply, Result, Error and After of this
// call happen at once, so the stream carries the answer before the POST
// returns its 202.
func (c *Call) RepliesBefore202() { c.early = true }

// ResultFirst makes later Result and Error calls put the result or error
// member first: {"result":...,"jsonrpc":"2.0","id":3}.
func (c *Call) ResultFirst() { c.resultFirst = true }

// ToAllSessions makes later replies go to every open session, like a bridge
// that shares one upstream process between its clients.
func (c *Call) ToAllSessions() { c.everywhere = true }

// After runs f after the POST was answered, in order with the replies (at
// once after RepliesBefore202).
func (c *Call) After(f func()) {
	if c.early {
		f()
		return
	}
	c.queue = append(c.queue, f)
}

// Reply writes raw as an "event: message" on the stream after the POST was
// answered.
func (c *Call) Reply(raw string) {
	everywhere := c.everywhere
	c.After(func() { c.send(raw, everywhere) })
}

// ReplyBefore202 writes raw as an "event: message" on the stream now, before
// the POST is answered.
func (c *Call) ReplyBefore202(raw string) { c.send(raw, c.everywhere) }

// send writes a message to this session, or to every open one. A failed
// write means the stream has gone, which the client will see for itself.
func (c *Call) send(raw string, everywhere bool) {
	if !everywhere {
		_ = c.Session.Message(raw)
		return
	}
	for _, conn := range c.Server.openConns() {
		_ = conn.Message(raw)
	}
}

// Result replies with a JSON-RPC result for this call's id; v is marshalled
// with encoding/json.
func (c *Call) Result(v any) {
	raw, err := json.Marshal(v)
	if err != nil {
		c.Error(-32603, "mcptest: cannot marshal result: "+err.Error())
		return
	}
	c.Reply(c.response("result", string(raw)))
}

// Error replies with a JSON-RPC error for this call's id.
func (c *Call) Error(code int, msg string) {
	raw, err := json.Marshal(msg)
	if err != nil {
		raw = []byte(`""`)
	}
	c.Reply(c.response("error", `{"code":`+strconv.Itoa(code)+`,"message":`+string(raw)+`}`))
}

// response frames a result or error member for this call's id.
func (c *Call) response(member, raw string) string {
	id := "null"
	if len(c.ID) > 0 {
		id = idKey(c.ID)
	}
	if c.resultFirst {
		return `{"` + member + `":` + raw + `,"jsonrpc":"2.0","id":` + id + `}`
	}
	return `{"jsonrpc":"2.0","id":` + id + `,"` + member + `":` + raw + `}`
}

// writeAnswer writes the scripted answer to the POST. Content-Length is set
// so the client has the whole answer at the flush, before queued stream
// writes run; a body kept open has none.
func (c *Call) writeAnswer(w http.ResponseWriter) {
	h := w.Header()
	for k, vs := range c.header {
		h[k] = append([]string(nil), vs...)
	}
	if c.contentType != "" {
		h.Set("Content-Type", c.contentType)
	} else if _, set := h["Content-Type"]; !set {
		// A nil entry stops net/http from sniffing one, so "none" means none.
		h["Content-Type"] = nil
	}
	if !c.open {
		h.Set("Content-Length", strconv.Itoa(len(c.body)))
	}
	w.WriteHeader(c.status)
	_, _ = w.Write([]byte(c.body))
	_ = http.NewResponseController(w).Flush()
}
