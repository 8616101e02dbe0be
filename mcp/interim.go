package mcp

import (
	"crypto/tls"
	"net/http/httptrace"
	"sync/atomic"
)

// afterInterim tells, for a POST whose answer began with a 1xx (100
// Continue, 103 Early Hints), whether bytes came after it: the final
// status line had begun. net/http says when the first byte of an answer
// came, but only once, before the first 1xx, so the bytes the connection
// read are counted instead:
//
//  1. GotConn names the connection the POST went on, when it is one of
//     the session's own (ownedConn) and carries this answer alone
//     (HTTP/1.x; an HTTP/2 connection carries other answers too).
//  2. Each 1xx marks how much that connection had read by then.
//  3. More read since the last mark is the final status begun. Bytes
//     that came in the same read as the 1xx are not told apart from it:
//     then the final status is said not to have come, as without a mark.
type afterInterim struct {
	conn atomic.Pointer[ownedConn]
	mark atomic.Int64
}

// gotConn keeps the connection the POST went on (step 1).
func (a *afterInterim) gotConn(info httptrace.GotConnInfo) {
	c := info.Conn
	if tc, ok := c.(*tls.Conn); ok {
		if tc.ConnectionState().NegotiatedProtocol == "h2" {
			return
		}
		c = tc.NetConn()
	}
	if oc, ok := c.(*ownedConn); ok {
		a.conn.Store(oc)
	}
}

// interim marks what the connection had read when a 1xx was whole (step 2).
func (a *afterInterim) interim() {
	if c := a.conn.Load(); c != nil {
		a.mark.Store(c.read.Load())
	}
}

// finalBegan reports whether the connection read more since the last 1xx
// (step 3).
func (a *afterInterim) finalBegan() bool {
	c := a.conn.Load()
	return c != nil && c.read.Load() > a.mark.Load()
}
