package proxy

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client that speaks both eras (the Go SDK's, the TypeScript SDK v2's
// with versionNegotiation "auto") first probes the server with a 2026-07-28
// request, server/discover, and when the server offers no 2026 version (or
// refuses the probe) initializes a streamable HTTP session instead. The
// probe and the session are one client's one conversation, and are shown
// as one session, as a GET sent before initialize is:
//
//  1. A stateless session's first request is held back as a possible probe
//     (probing): its records are logged as they come, but OnStart does not
//     hear of the session yet, so no watcher shows a client that may be
//     about to become another.
//  2. The same client's initialize (host, User-Agent and clientInfo, or a
//     probe naming none, at the same path) goes on in that session
//     (joinProbe): it becomes streamable HTTP, says so in a detection of
//     its own, and is started; the probe's exchange is its first.
//  3. Anything that shows a stateless client settles it as one (settle):
//     a 2xx answer to a request that is no server/discover, a 2xx
//     server/discover answer that offers the version the probe asked for
//     (its client has the era it asked for, and falls back to initialize
//     only when it does not), another request that is no server/discover,
//     or sameClientWindow passing after its last exchange without an
//     initialize. A session that ends held back is settled as it ends, so
//     its records are shown all the same.

// discover is the method a 2026-aware client probes with.
const discover = "server/discover"

// statelessOpen is how a stateless session opens: once upstream answered
// a request of it with its result, whether that was seen while it was held
// back or after (a 2xx whose stream then broke off, or that held a
// JSON-RPC error, opened nothing).
const statelessOpen = "stateless: every request stands alone"

// probeRequest counts a request of stateless session c in, settles c
// when the request shows a stateless client (a second request that is no
// probe), and returns the purpose its upstream leg is logged under: a
// server/discover of a session held back is a probe, as mcpscope's own
// detection logs one, so a refusal of it reads as the answer to "which
// era?", not as a failed request of the session, and a re-run leaves it
// out. The connection r came on is noted: the client's initialize, if it
// falls back, comes on it when the client keeps it alive (probesOf).
func (c *Client) probeRequest(r *http.Request, m message) string {
	c.mu.Lock()
	c.probeSent++
	c.lastConn = r.RemoteAddr
	c.lastID = string(m.peek.ID())
	goesOn := c.probing && c.probeSent > 1 && m.method != discover
	probe := c.probing && m.method == discover
	c.mu.Unlock()
	if goesOn {
		c.settleStateless()
	}
	if probe {
		return mcp.PurposeProbe
	}
	return mcp.PurposePost
}

// probeAnswered notes upstream's status for request m of stateless session
// c: a 2xx answer to a request that is no probe settles it as stateless,
// shown as its answer comes, not after it.
func (c *Client) probeAnswered(m message, status int) {
	c.mu.Lock()
	probing := c.probing
	c.mu.Unlock()
	if probing && status >= 200 && status < 300 && m.method != discover {
		c.settleStateless()
	}
}

// settleStateless settles c on what shows a stateless client (a request
// that is no probe, one answered 2xx, a probe offered its era): no alike
// client's initialize is where it went, whatever came before this.
func (c *Client) settleStateless() { c.settleHeld(true) }

// unopened reports whether session c, stateless or streamable with no
// session id, has yet to log that it is open: until then its requests'
// answers are read for a result.
func (c *Client) unopened() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return !c.opened
}

// succeeded notes that upstream answered a request of stateless session c
// with its result: c is open from then on, once it is settled when it is
// held back. A probe answered after its client's initialize made the
// session streamable (the two sent at once) opens nothing.
func (c *Client) succeeded() {
	c.mu.Lock()
	c.probeOK = true
	probing, stateless := c.probing, c.Transport == mcp.TransportStateless
	c.mu.Unlock()
	if !probing && stateless {
		c.openOnce(statelessOpen)
	}
}

// probeDone waits, after an exchange of a held-back session, for its
// client's initialize, and settles it as stateless when none came.
func (c *Client) probeDone() {
	c.waitWhile(func() bool { return c.probing }, c.p.earlyWait, c.settle)
}

// settle starts a held-back stateless session as the stateless session it
// is: OnStart hears of it, with what it logged so far, and it is open when
// a request of it succeeded. A probe that alike clients' initializes may
// have gone on from (wentTo) is no stateless session: it ends saying
// where its client may have gone. It does nothing to a session settled
// already.
func (c *Client) settle() {
	// Ended once settled: ending settles a session too (closeIfDone).
	if went := c.settleHeld(false); len(went) > 0 {
		c.end(wentToOneOf(went))
	}
}

// settleHeld is settle but for ending a probe whose client may have gone
// on elsewhere: it returns those sessions (wentTo) for settle to end it,
// none when stateless (settleStateless).
func (c *Client) settleHeld(stateless bool) (went []int) {
	c.settling.Lock()
	defer c.settling.Unlock()
	c.mu.Lock()
	was, ok := c.probing, c.probeOK
	if !stateless {
		went = c.wentTo
	}
	c.probing = false
	if was {
		c.started = true
	}
	c.mu.Unlock()
	if !was {
		return nil
	}
	// Settled, it is its client's wherever that sends from (ask).
	c.p.mu.Lock()
	c.heldOn = nil
	c.p.mu.Unlock()
	c.stopWait()
	c.p.cfg.OnStart(c)
	if len(went) > 0 {
		return went
	}
	if ok {
		c.openOnce(statelessOpen)
	}
	// Its client may have gone while it was held back.
	c.goneCheck()
	return nil
}

// wentToOneOf is why a probe that alike clients' initializes on other
// connections may have gone on from (sessions went) ends: its client went
// on in one of them, which the wire does not tell. Said as a stateless
// client's session, it showed a client that never was, "open" and then
// "left".
func wentToOneOf(went []int) string {
	// A burst of alike clients can leave dozens: the first few say it,
	// in a line that still fits.
	const named = 4
	ids := make([]string, 0, named+1)
	for _, n := range went[:min(len(went), named)] {
		ids = append(ids, "#"+strconv.Itoa(n))
	}
	if len(went) > named {
		ids = append(ids, "… ("+strconv.Itoa(len(went))+" sessions in all)")
	}
	where := "session " + ids[0]
	if len(went) > 1 {
		where = "one of sessions " + strings.Join(ids, ", ")
	}
	return "the client went on to initialize streamable HTTP, in " + where + ": an alike client's (one address, User-Agent and clientInfo) initialize on a connection this probe did not use, so nothing on the wire tells which probe was its"
}

// foldProbe makes held-back stateless session c the streamable HTTP
// session its client's initialize r begins, and starts it; false when c
// was settled (or ended) already.
func (c *Client) foldProbe(r *http.Request) bool {
	c.settling.Lock()
	defer c.settling.Unlock()
	c.mu.Lock()
	ok := c.probing && !c.ending
	if ok {
		// The probe named 2026-07-28; the session's version is the one
		// its initialize negotiates.
		c.probing, c.started, c.Transport, c.protocol = false, true, mcp.TransportStreamable, ""
	}
	c.mu.Unlock()
	if !ok {
		return false
	}
	c.stopWait()
	c.detect(r, "the client's stateless request before this was its probe for the 2026-07-28 era, and it went on to initialize streamable HTTP (the server offered no 2026 version it takes, or refused the probe): one client, one session")
	c.p.cfg.OnStart(c)
	return true
}

// joinProbe is the held-back stateless session of r's client, an
// initialize falling back from that session's probe, now streamable HTTP,
// of found, that client's (probesOf, and mine as it says); nil when it has
// none, or when the wire does not tell which of several it is: then why
// says so, for the initialize's own session to record. Alike clients
// probing at once are kept apart in numbered sessions (statelessSession).
func (p *Proxy) joinProbe(found []*Client, mine bool, r *http.Request) (c *Client, why string) {
	if !mine && len(found) > 1 {
		ids := make([]string, len(found))
		for i, c := range found {
			ids[i] = "#" + strconv.Itoa(c.ID)
		}
		return nil, fmt.Sprintf("its probe (server/discover) is one of sessions %s, alike clients' (one address, User-Agent and clientInfo) held back at once, and it came on a connection none of them used: nothing on the wire tells which, so none is joined", strings.Join(ids, ", "))
	}
	for _, c := range found {
		if c.foldProbe(r) {
			// Out of the stateless lookups: the client's later requests
			// are the streamable session's.
			p.forget(c)
			return c, ""
		}
	}
	return nil, ""
}

// probesOf are the stateless sessions of r's client (m is r's message):
// those keyed by its identity, numbered or not (alike clients probing at
// once, statelessSession), oldest first. A probe that named no clientInfo
// is the client's when it came from the same host and User-Agent; either
// is the client's only at the same path (identity holds it: a streamable
// server has one endpoint). When one of them came on r's connection, it
// is the client's alone (mine): a client initializes on the connection it
// probed on when it keeps it alive, as the SDKs and mcpscope do, and a
// probe on another connection began a session of its own (ask). Else any
// of those whose probe's connection closed may be the client's, or any
// of them when none closed: a client that opened a new connection could
// be any alike client. Alike clients in one process sharing one
// connection pool (two SDK clients on one http.Client) are past telling
// apart: either may initialize on the connection the other probed on.
// Several left for an initialize on a new connection (mine false),
// whose ids do not tell them apart either, are past telling apart too
// (joinProbe joins none).
func (p *Proxy) probesOf(r *http.Request, m message) (found []*Client, mine bool) {
	nc := connOf(r)
	named, nameless := identity(mcp.TransportStateless, r, m), identity(mcp.TransportStateless, r, message{})
	p.mu.Lock()
	defer p.mu.Unlock()
	// One walk for both: a session is under one key, and so found once.
	for key, c := range p.byKey {
		if (keyOf(key, named) || keyOf(key, nameless)) && c.path == r.URL.Path && !slices.Contains(found, c) {
			found = append(found, c)
		}
	}
	slices.SortFunc(found, func(a, b *Client) int { return a.ID - b.ID })
	on := slices.DeleteFunc(slices.Clone(found), func(c *Client) bool {
		if nc != nil && c.heldOn != nil {
			return c.heldOn != nc
		}
		return !c.onConn(r)
	})
	if len(on) > 0 {
		return on, true
	}
	// A client that goes on on a new connection has let go of the one it
	// probed on (the Go SDK drops it when it stops reading its probe's
	// answer before the stream's end): a probe whose connection is open
	// still is another client's, idle between its probe and initialize.
	left := slices.DeleteFunc(slices.Clone(found), func(c *Client) bool {
		_, open := p.open[c.heldOn]
		return c.heldOn == nil || open
	})
	if len(left) > 0 {
		found = left
	}
	// A client that numbers its requests in a row of its own (each
	// `mcpscope exec` run starts its own) tells its probe by its id: the
	// one just before its initialize's. Alike clients that all count from
	// 1 are not told apart so.
	if next := slices.DeleteFunc(slices.Clone(found), func(c *Client) bool { return !c.idBefore(m.peek.ID()) }); len(next) == 1 && len(found) > 1 {
		return next, true
	}
	return found, false
}

// idBefore reports whether stateless session c's latest request's id is
// the integer just before id.
func (c *Client) idBefore(id []byte) bool {
	c.mu.Lock()
	last := c.lastID
	c.mu.Unlock()
	prev, err1 := strconv.ParseInt(last, 10, 64)
	n, err2 := strconv.ParseInt(string(id), 10, 64)
	return err1 == nil && err2 == nil && n > prev && n-prev == 1
}

// onConn reports whether stateless session c's latest request came on
// r's connection, by its address and port: what tells a connection when
// the proxy is not told of connections (Track).
func (c *Client) onConn(r *http.Request) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastConn == r.RemoteAddr
}

// joinedProbe reports whether streamable session c began as its client's
// probe, a stateless request (joinProbe).
func (c *Client) joinedProbe() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.probeSent > 0
}
