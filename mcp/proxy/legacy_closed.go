package proxy

import "fmt"

// closedStreams remembers the legacy sessions whose stream closed: by
// session id, the number of the client session that recorded it. A client
// may still POST to such an endpoint (it did not notice, or it retries),
// and its new session then says which stream that was, not that the proxy
// never saw it. It keeps the last 4*MaxSessions; p.mu is held by callers.
type closedStreams struct {
	by    map[string]int
	order []string // oldest first
}

// remember notes that legacy session sid, recorded by client session n,
// closed, within at most most entries.
func (cs *closedStreams) remember(sid string, n, most int) {
	if cs.by == nil {
		cs.by = map[string]int{}
	}
	if _, ok := cs.by[sid]; !ok {
		if len(cs.order) >= most {
			delete(cs.by, cs.order[0])
			cs.order = cs.order[1:]
		}
		cs.order = append(cs.order, sid)
	}
	cs.by[sid] = n
}

// lateLegacyPost says how a POST to legacy session sid, which no live
// session has, came to be; p.mu is held.
func (p *Proxy) lateLegacyPost(sid string) (how, why string) {
	if n, ok := p.goneLegacy.by[sid]; ok {
		return fmt.Sprintf("the client posts to legacy HTTP+SSE session %s, whose stream had closed (client session %d recorded it)", sid, n),
			"a POST to a stream that had closed"
	}
	return "the client posts to a legacy HTTP+SSE session whose stream the proxy did not see", "a POST to a stream the proxy did not see"
}
