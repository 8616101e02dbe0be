package proxy

import (
	"bytes"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// Go's HTTP server answers some requests itself, before any handler runs:
// a header with a control character or a malformed request line (400),
// headers past MaxHeaderBytes (431), an Expect it does not know (417), a
// transfer coding it does not know (501). It logs none of them (ErrorLog
// is not told), so such a request reached no line, no recording and no
// report: the user saw nothing, and the client a refusal it could not
// explain by what mcpscope showed. No hook says so, but every one is
// written on the connection while no request of it is being served: a
// connection the proxy's Listener hands out sees it there, and the watcher
// hears of it as of any refusal in no session (Config.OnRefused), each
// status at most a line a second.

// Listener is ln handing out connections that tell the proxy of what Go's
// HTTP server refuses on them itself. It is for a server the proxy Tracks.
func (p *Proxy) Listener(ln net.Listener) net.Listener {
	return &watchedListener{Listener: ln, p: p}
}

// watchedListener hands out watchedConns.
type watchedListener struct {
	net.Listener
	p *Proxy
}

func (l *watchedListener) Accept() (net.Conn, error) {
	nc, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &watchedConn{Conn: nc, p: l.p}, nil
}

// watchedConn is a client's connection that notes when the server writes
// an answer while no request of it is being served: Go's own refusal.
type watchedConn struct {
	net.Conn
	p *Proxy
	// serving is set as the proxy begins to serve a request of the
	// connection, cleared once it went idle after it (the answer written
	// whole, Track's ConnState).
	serving atomic.Bool
}

func (c *watchedConn) Write(b []byte) (int, error) {
	if !c.serving.Load() && bytes.HasPrefix(b, []byte("HTTP/1.")) {
		c.p.serverRefused(c, b)
	}
	return c.Conn.Write(b)
}

// CloseWrite is the connection's own, which Go's server uses, when there
// is one, to end a refusal of headers too large before it closes.
func (c *watchedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// served notes that the proxy serves a request that came on r's
// connection.
func served(r *http.Request) {
	if c, ok := connOf(r).(*watchedConn); ok {
		c.serving.Store(true)
	}
}

// idle notes that the request served on nc was answered whole.
func idle(nc net.Conn) {
	if c, ok := nc.(*watchedConn); ok {
		c.serving.Store(false)
	}
}

// serverRefused tells the watcher of the answer Go's server wrote on c
// (wrote begins it) without the proxy seeing the request: its status line
// says what was wrong ("400 Bad Request: invalid header name").
func (p *Proxy) serverRefused(c *watchedConn, wrote []byte) {
	if p.cfg.OnRefused == nil {
		return
	}
	line, _, _ := bytes.Cut(wrote, []byte("\r\n"))
	_, status, _ := strings.Cut(string(line), " ")
	code, _ := strconv.Atoi(status[:min(3, len(status))])
	if code < http.StatusBadRequest {
		// Go's answer to an OPTIONS * (200), or a 100 Continue: no
		// refusal.
		return
	}
	short, what := "Go's HTTP server refused it", ""
	switch code {
	case http.StatusBadRequest:
		short, what = "its request line or a header is malformed", " (its request line or a header is malformed)"
	case http.StatusRequestHeaderFieldsTooLarge:
		short, what = "its headers are too large", " (its headers are over 1 MB)"
	}
	p.cfg.OnRefused(Refusal{From: c.RemoteAddr().String(), Status: code, Reason: RefusedByServer,
		Why: "Go's HTTP server answered it " + clip.Prefix(status, 200) + " itself, before the proxy could read it" + what, Short: short})
}
