package proxy

import (
	"fmt"
	"net/http"
)

// sameClient reports whether r comes from the client that opened session
// c: the same host and, when the stream's request named one, the same
// User-Agent (the identity sessionKey files a streamable session under).
// A legacy client's GET and POSTs come from one HTTP client; a stream
// opened with no User-Agent says nothing of who its client is.
func (c *Client) sameClient(r *http.Request) bool {
	return hostOf(r.RemoteAddr) == hostOf(c.Remote) && (c.UserAgent == "" || r.Header.Get("User-Agent") == c.UserAgent)
}

// otherClientPost relays a POST that another client sent to legacy
// session c's endpoint. Upstream takes it as c's, and answers it on c's
// stream, where c's recording shows that answer as one to an id its
// client never sent; but what this client sent, and its clientInfo, go to
// a session of its own that lasts this request, never into c's.
func (p *Proxy) otherClientPost(w http.ResponseWriter, r *http.Request, body []byte, m message, c *Client) {
	how := fmt.Sprintf("the client posts to the endpoint of legacy HTTP+SSE session %d (%s, from %s): recorded apart, as another client's; upstream answers it on that session's stream", c.ID, c.Label(), c.Remote)
	o := p.newClient(c.Transport, r, how)
	if o == nil {
		p.full(w, r)
		return
	}
	p.legacyPost(w, r, body, m, o)
	o.end(fmt.Sprintf("a POST to the endpoint of session %d, another client's: its answer comes on that session's stream", c.ID))
}
