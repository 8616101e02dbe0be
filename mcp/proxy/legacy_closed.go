package proxy

import "fmt"

// lateLegacyPost says how a POST to legacy session sid, which no live
// session has, came to be; p.mu is held.
func (p *Proxy) lateLegacyPost(sid string) (how, why string) {
	if by, ok := p.goneLegacy.recorded(sid); ok {
		return fmt.Sprintf("the client posts to legacy HTTP+SSE session %s, whose stream had closed (client session %d recorded it)", shownID(sid), by.n),
			"a POST to a stream that had closed"
	}
	return "the client posts to a legacy HTTP+SSE session whose stream the proxy did not see", "a POST to a stream the proxy did not see"
}
