package mcp

import (
	"net/http"

	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// ClientPeek is a client's message as the Observer reads it, read once:
// the proxy routes by it (its method, its id, who the client says it is
// and the version it names) and hands it on to ClientMessagePeeked, so a
// large body is not read a second time. A batch's members are read by the
// Observer as it logs them.
type ClientPeek struct {
	p     peeked
	sh    shape
	batch bool
	// Who the client says it is and the version its _meta names, read
	// from the spans the one pass over params found.
	name, version string
	named         bool
	protocol      string
	// heard holds the request's credentials (Hear).
	heard *HeardRequest
}

// Hear keeps the credentials of the request that carried the message, its
// headers h and its request URI uri, for each record of it to carry
// (RPCMessage.Heard): the credential headers (urlpass.SecretHeader's), and
// uri when its query holds one.
func (c *ClientPeek) Hear(h http.Header, uri string) {
	secret := http.Header{}
	for k, vs := range h {
		if urlpass.SecretHeader(k) {
			secret[k] = vs
		}
	}
	var heard HeardRequest
	if len(secret) > 0 {
		var x HTTPExchange
		x.KeepRequestHeaders(secret)
		heard.Headers, heard.HeadersCut = x.RequestHeaders, x.RequestHeadersCut
	}
	if len(urlpass.QueryParams(uri)) > 0 {
		heard.URI = uri
	}
	if heard.Headers != nil || heard.URI != "" {
		c.heard = &heard
	}
}

// heardBy has m carry the credentials c heard (Hear).
func (c ClientPeek) heardBy(m *RPCMessage) *RPCMessage {
	m.Heard = c.heard
	return m
}

// PeekClient reads the client's message body with the one JSON reader,
// members by their exact names (the last of a name, as encoding/json
// reads it).
func PeekClient(body []byte) ClientPeek {
	if isBatch(body) {
		return ClientPeek{batch: true}
	}
	p, sh := shapeOf(body)
	c := ClientPeek{p: p, sh: sh}
	c.name, c.version, c.named = infoOf(p.clientInfo)
	if p.meta == nil || p.meta[0] != '{' {
		return c
	}
	var meta [2]memberSpan
	if !namedMembers(p.meta, []string{MetaClientInfo, MetaProtocolVersion}, meta[:]) {
		return c
	}
	// A stateless request's _meta names its client over its params'.
	if name, version, ok := infoOf(meta[0].of(p.meta)); ok {
		c.name, c.version, c.named = name, version, true
	}
	c.protocol, _ = TextOf(meta[1].of(p.meta))
	return c
}

// infoOf reads a clientInfo object's name and version by their exact
// names, as encoding/json decodes them into strings: a member absent or
// null is "". It reports false for anything that is no such object (null,
// a name that is a number).
func infoOf(raw []byte) (name, version string, ok bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return "", "", false
	}
	var m [2]memberSpan
	if !namedMembers(raw, []string{"name", "version"}, m[:]) {
		return "", "", false
	}
	name, okName := stringMember(m[0].of(raw))
	version, okVersion := stringMember(m[1].of(raw))
	if !okName || !okVersion {
		return "", "", false
	}
	return name, version, true
}

// stringMember is a member's text when it is a string, "" when it is
// absent or null; false for any other value.
func stringMember(b []byte) (string, bool) {
	if b == nil || string(b) == "null" {
		return "", true
	}
	return TextOf(b)
}

// Batch reports a batch (a JSON array); its members' peeks are not kept.
func (c ClientPeek) Batch() bool { return c.batch }

// Method is the message's method, "" when it has none or it is no string.
func (c ClientPeek) Method() string { return c.p.method }

// Request reports a message the Observer logs as a request, waiting for
// its answer: one with a method member, of whatever value ("" too), and an
// id. A proxy that waits on fewer leaves the recording's row pending.
func (c ClientPeek) Request() bool { return c.sh == shapeRequest }

// ID is the exact bytes of the message's id, nil when it has none.
func (c ClientPeek) ID() []byte { return c.p.id }

// ClientInfo is the name and version the client gives for itself: its
// _meta's io.modelcontextprotocol/clientInfo (a stateless request's),
// else its params' clientInfo (an initialize's). ok is false when it
// gives neither as an object.
func (c ClientPeek) ClientInfo() (name, version string, ok bool) {
	return c.name, c.version, c.named
}

// Protocol is the protocol version the message's _meta names (a
// stateless request's), "" when it names none as a string.
func (c ClientPeek) Protocol() string { return c.protocol }
