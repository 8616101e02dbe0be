package proxy

import (
	"fmt"
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
)

// sharedDeleted says, in every other live session using streamable
// session id sid, that client session c (another client, recorded apart:
// see sessionKey) ended it upstream with DELETE, answered status. Without
// it a client whose session another one deleted only saw its next request
// answered 404, with nothing to say why.
func (p *Proxy) sharedDeleted(c *Client, sid, status string) {
	p.mu.Lock()
	var others []*Client
	for _, o := range p.sessions {
		o.mu.Lock()
		same := o != c && o.sessionID == sid
		o.mu.Unlock()
		if same && !slices.Contains(others, o) {
			others = append(others, o)
		}
	}
	p.mu.Unlock()
	for _, o := range others {
		if !o.acquire() {
			continue
		}
		o.fail(mcp.OpStream, fmt.Errorf("another client ended this upstream session (%s) with DELETE, answered %s: client session %d (%s, from %s); this client's next request with the id will find it gone",
			shownID(sid), status, c.ID, c.Label(), c.Remote))
		o.release()
	}
}
