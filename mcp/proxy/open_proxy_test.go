package proxy

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// The proxy is no open proxy: a request whose target names another server
// (absolute-form, as a client configured to use it as an HTTP proxy
// sends; CONNECT; a Host or X-Forwarded-Host naming it) still goes only
// to the upstream the user named, at the path asked for, and the user's
// --bearer and -H go nowhere else. A second local server, named by every
// request, must see none.
func TestNoRequestReachesAnotherServer(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the other server got %s %s (Authorization %q): the proxy relayed past its upstream", r.Method, r.RequestURI, r.Header.Get("Authorization"))
	}))
	t.Cleanup(other.Close)
	var mu sync.Mutex
	var seen []string
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.RequestURI+" "+r.Header.Get("Authorization")+" "+r.Header.Get("X-User"))
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(up.Close)
	_, base, _ := startProxy(t, up.URL+"/mcp", Config{Bearer: "user-token", Header: http.Header{"X-User": {"ann"}}})
	proxyHost := strings.TrimPrefix(base, "http://")
	otherHost := strings.TrimPrefix(other.URL, "http://")
	for _, tc := range []struct{ name, req string }{
		{"absolute-form GET", "GET http://" + otherHost + "/secret HTTP/1.1\r\nHost: " + proxyHost + "\r\n\r\n"},
		{"absolute-form POST", "POST http://" + otherHost + "/mcp HTTP/1.1\r\nHost: " + otherHost + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"},
		{"CONNECT", "CONNECT " + otherHost + " HTTP/1.1\r\nHost: " + otherHost + "\r\n\r\n"},
		{"Host naming the other", "GET /health HTTP/1.1\r\nHost: " + otherHost + "\r\n\r\n"},
		{"X-Forwarded-Host and Forwarded", "GET /health HTTP/1.1\r\nHost: " + proxyHost + "\r\nX-Forwarded-Host: " + otherHost + "\r\nForwarded: host=" + otherHost + "\r\n\r\n"},
	} {
		conn, err := net.Dial("tcp", proxyHost)
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(testTimeout))
		fmt.Fprint(conn, tc.req)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: no answer: %v", tc.name, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		conn.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	for _, s := range seen {
		if !strings.HasSuffix(s, " Bearer user-token ann") {
			t.Errorf("upstream got %q, want the user's credentials with it", s)
		}
	}
	if len(seen) == 0 || !strings.HasPrefix(seen[0], "GET /secret ") {
		t.Errorf("upstream got %q, want the absolute-form GET at its path on the upstream", seen)
	}
}
