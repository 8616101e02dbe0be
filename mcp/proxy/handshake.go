package proxy

import "github.com/mcpscope/mcpscope/mcp"

// handshakeDone logs the state the client's notifications/initialized,
// accepted by upstream, puts the session in. It is logged before the
// answer is relayed: a client goes on at the status line, and one that
// closes the body unread (the Go SDK's) had its next request logged
// first, or, the body too large to buffer, no handshake at all. A client that sent it with no
// initialize before it finished no handshake, and is told apart; a session
// the proxy met mid-way had its initialize before (joined.go).
func (c *Client) handshakeDone() {
	c.mu.Lock()
	skipped := !c.initSent && c.joined == ""
	c.mu.Unlock()
	detail := "the client finished the handshake"
	if skipped {
		detail = "the client sent initialized with no initialize before it: it skipped the handshake, and upstream took it"
	}
	c.state(mcp.StateInitialized, detail)
}
