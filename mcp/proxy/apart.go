package proxy

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// statelessSession is the stateless session a request (m) of the client
// r is filed under, and what lets go of it once relayed: its identity's,
// unless a request of that session relaying now uses an id m uses.
// Then it is another client of the same address, User-Agent and
// clientInfo (curl twice at once, which names no clientInfo, and both send
// id 1), filed in the first numbered session of that identity whose
// relaying ids it does not use: in one session, the pairing by id would
// leave one request pending for good and show the other's answer as a
// duplicate. A server/discover begins a session of its own only when the
// session of its identity has nothing pending and no connection open
// (endGoneFor): with a request of its own still relaying, or a connection
// still open, the discover is its client's going on (an SDK renegotiating
// its version), and cutting there would split one client's requests and
// answers across two recordings. Nothing is pending with nothing
// relaying: a stateless request that stops relaying is settled, answered
// or failed (cancelled as its client hung up, answered with nothing, cut
// off). It is nil when the proxy is at its cap and no session is idle.
func (p *Proxy) statelessSession(r *http.Request, m message) (*Client, func()) {
	base := identity(mcp.TransportStateless, r, m)
	if !m.request {
		if named := p.namedFor(r, m); named != "" {
			base = named
		}
	}
	ids := m.requestIDs()
	speaks := "the client speaks stateless MCP (" + protocolOf(r.Header, m) + ")"
	how := speaks
	key := base
	nc := connOf(r)
	// Bounded: each step passes a session that exists, and at the cap
	// keyed makes none.
	for n := 2; ; n++ {
		if m.method == discover {
			p.endGoneFor(key)
		}
		c := p.keyed(p.byKey, key, mcp.TransportStateless, r, m, said(how), func(c *Client) { c.probing, c.heldOn = true, nc })
		if c == nil {
			return nil, func() {}
		}
		switch c.ask(ids, nc, m.method == discover) {
		case askTaken:
			return c, func() { c.asked(ids) }
		case askIDUsed:
			how = fmt.Sprintf("%s; another client of the same address and User-Agent waits in session %d on an id this one uses", speaks, c.ID)
		case askOtherConn:
			how = fmt.Sprintf("%s; another client of the same address and User-Agent probed in session %d, on a connection of its own", speaks, c.ID)
		}
		key = numberedKey(base, n)
	}
}

// namedFor is the key of the session a message naming no clientInfo,
// and no request, belongs to: the one stateless session of its address,
// User-Agent and endpoint whose client named itself, "" when there is
// none or more than one, or a client of that address and User-Agent
// named none (curl). A 2026-07-28 client names itself in each request's
// _meta, but the Go SDK's notifications name nothing: its
// notifications/cancelled, as a call's context ends, was filed as a client
// of its own ("Go-http-client 1.1"), cancelling a request it never sent,
// and the session of the call never saw it cancelled.
func (p *Proxy) namedFor(r *http.Request, m message) string {
	if name, version := m.client(); name != "" || version != "" {
		return ""
	}
	nameless := identity(mcp.TransportStateless, r, m)
	// The identity up to its clientInfo: the name and version come last.
	prefix := strings.TrimSuffix(nameless, "\x00")
	p.mu.Lock()
	defer p.mu.Unlock()
	found := ""
	for key, c := range p.byKey {
		switch {
		case keyOf(key, nameless):
			return ""
		case !strings.HasPrefix(key, prefix) || c.path != r.URL.Path:
		case found != "":
			return ""
		default:
			found = key
		}
	}
	return found
}

// endGoneFor ends the stateless session at key when a server/discover
// comes while its client looks gone (goneLocked: every request answered,
// every connection it used closed): the discover is a new client's, such
// as the next `mcpscope exec` run from the same place, which begins with
// one on a connection of its own. Filed in the old session until its grace
// (earlyWait) ran out, two runs one after another were one session and
// one recording. A client going on keeps a connection open, or has a
// request relaying, and an SDK client sends its discover once, as it
// connects (twice when it renegotiates the version, on the connection it
// keeps): none of them is cut.
func (p *Proxy) endGoneFor(key string) {
	p.mu.Lock()
	c := p.byKey[key]
	p.mu.Unlock()
	if c == nil {
		return
	}
	c.endAway(c.goneLocked, func(string) string {
		return "the client closed every connection it used, with nothing of the session open, and the next request from its address was a server/discover on a connection of its own: a new client, in a session of its own; this one left"
	}, &p.gone)
}

// numberedKey is the key of the n-th stateless session of one identity
// (base), beside the first, which is keyed by base alone; keyOf reads it.
func numberedKey(base string, n int) string {
	return base + "\x00" + strconv.Itoa(n)
}

// keyOf reports whether key is base's: base itself or one numberedKey
// makes from it.
func keyOf(key, base string) bool {
	tail, ok := strings.CutPrefix(key, base)
	if !ok || tail == "" {
		return ok
	}
	n, ok := strings.CutPrefix(tail, "\x00")
	_, err := strconv.ParseUint(n, 10, 0)
	return ok && err == nil
}

// What ask makes of a request for a stateless session.
const (
	askTaken     = iota // the session's: its ids are counted as relaying
	askIDUsed           // another client's: a request of the session relays with one of its ids
	askOtherConn        // another client's: a probe on a connection other than the held-back session's
)

// ask counts ids as relaying in c, unless one of them relays already, or
// the request (on connection nc) is a probe and c is held back as the
// probe of a client on another connection. A client probes once, on the
// connection it goes on to initialize on; a second probe on another
// connection is another client's, whose ids (each run of `mcpscope exec`
// picks its own) tell it apart no better than its address does.
func (c *Client) ask(ids []string, nc net.Conn, probe bool) int {
	c.p.mu.Lock()
	defer c.p.mu.Unlock()
	for _, id := range ids {
		if c.asking[id] > 0 {
			return askIDUsed
		}
	}
	if probe && nc != nil && c.heldOn != nil && c.heldOn != nc {
		return askOtherConn
	}
	if len(ids) > 0 && c.asking == nil {
		c.asking = map[string]int{}
	}
	for _, id := range ids {
		c.asking[id]++
	}
	return askTaken
}

// asked lets go of ids, relayed.
func (c *Client) asked(ids []string) {
	c.p.mu.Lock()
	defer c.p.mu.Unlock()
	for _, id := range ids {
		if c.asking[id]--; c.asking[id] <= 0 {
			delete(c.asking, id)
		}
	}
}

// batchIDs are the ids of the requests in batch, as their text. A member
// that is no request (a number, an object with no method member or a null
// id) is passed over, as peek passes over such a message, and the others'
// ids are read all the same.
func batchIDs(batch []byte) []string {
	// The members only: PeekClient reads each, as it reads a message.
	doc, err := jsonspan.Parse(batch, jsonspan.Limits{Depth: 1})
	if err != nil {
		return nil
	}
	var ids []string
	for v := range doc.Root().Elements() {
		// Each member read as a single message is (peek): one reader,
		// so a member is a request to both exactly when it is to the
		// Observer (mcp.ClientPeek.Request).
		if pk := mcp.PeekClient(v.Raw()); isRequest(pk.Request(), pk.ID()) {
			ids = append(ids, string(pk.ID()))
		}
	}
	return ids
}

// isRequest reports a message with a method member (of any value: the
// Observer logs {"method":""} as a request, mcp.ClientPeek.Request) and an
// id that is not null: one the session waits to see answered.
func isRequest(hasMethod bool, id json.RawMessage) bool {
	return hasMethod && len(id) > 0 && string(id) != "null"
}
