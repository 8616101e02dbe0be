package mcp

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// connsSettle bounds how long Close waits for net/http to let go of the
// connections it closed under it: quitting must stay quick.
const connsSettle = 300 * time.Millisecond

// ownedConns is the set of connections a session's own transport dialed.
// net/http notices a server's bytes past an answer's Content-Length only
// when its reader next looks at the idle connection, from a goroutine of
// its own, and logs them then; Close ends every connection and waits for
// the transport to let go of each, so that line is logged while the
// caller still routes the standard logger (exec), never after.
type ownedConns struct {
	mu   sync.Mutex
	open map[*ownedConn]struct{}
}

// ownedConn is a dialed connection that tells its set when net/http
// closes it, which it does once its reader for the connection is done.
type ownedConn struct {
	net.Conn
	set  *ownedConns
	once sync.Once
	gone chan struct{}
	// read counts the bytes read: whether any came after a 1xx answer
	// (afterInterim).
	read atomic.Int64
}

// Read counts what it reads.
func (c *ownedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	return n, err
}

// Close is net/http closing the connection: its reader is done with it.
func (c *ownedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.set.mu.Lock()
		delete(c.set.open, c)
		c.set.mu.Unlock()
		close(c.gone)
	})
	return err
}

// transport is a copy of net/http's default transport whose connections
// are in the set, and whose proxy's refusals are ProxyRefusedError. ok is false when the default transport was replaced
// by one that cannot be copied; the caller then uses it as it is.
func (o *ownedConns) transport() (http.RoundTripper, bool) {
	def, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return http.DefaultTransport, false
	}
	t := def.Clone()
	// A proxy's refusal of CONNECT is told from a server's closing.
	NameProxyRefusals(t)
	dial := t.DialContext
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	t.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		oc := &ownedConn{Conn: c, set: o, gone: make(chan struct{})}
		o.mu.Lock()
		if o.open == nil {
			o.open = map[*ownedConn]struct{}{}
		}
		o.open[oc] = struct{}{}
		o.mu.Unlock()
		return oc, nil
	}
	return t, true
}

// closeAll ends every connection still open and waits, bounded, until
// net/http's reader of each is done: whatever it logs about one, it has
// logged when closeAll returns.
func (o *ownedConns) closeAll() {
	o.mu.Lock()
	conns := make([]*ownedConn, 0, len(o.open))
	for c := range o.open {
		conns = append(conns, c)
	}
	o.mu.Unlock()
	for _, c := range conns {
		// The socket, not the wrapper: the transport's reader wakes,
		// says what it held, and closes the wrapper itself.
		_ = c.Conn.Close()
	}
	deadline := time.NewTimer(connsSettle)
	defer deadline.Stop()
	for _, c := range conns {
		select {
		case <-c.gone:
		case <-deadline.C:
			return
		}
	}
}
