package mcp

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers DELETE's headers and holds its body: the DELETE is
// still out (quitting says it waits on it) until the wait gives up, and
// then it is said to be given up on. It stopped counting as out as soon as
// the headers came, so quitting said nothing of it.
func TestStreamableDeleteHeldBodyCountsOut(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	up, err := url.Parse(srv.Endpoint())
	if err != nil {
		t.Fatal(err)
	}
	headers := make(chan struct{}, 1)
	pass := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: up.Scheme, Host: up.Host})
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodDelete {
			pass.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		headers <- struct{}{}
		<-r.Context().Done() // the body never comes
	}))
	defer front.Close()
	u := *up
	u.Scheme, u.Host = "http", front.Listener.Addr().String()
	s, _ := connect(t, Config{URL: u.String(), Transport: TransportStreamable, RequestTimeout: 500 * time.Millisecond})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	select {
	case <-headers:
	case <-time.After(10 * time.Second):
		t.Fatal("the DELETE never reached the server")
	}
	// The headers are sent; the client may still be reading them, so
	// look until Close returns: the DELETE must be out all along until then.
	sawOut := false
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		select {
		case <-closed:
			if !sawOut {
				t.Fatal("the DELETE whose body is held was never counted out")
			}
			if inFlight, gaveUp := s.EndingUpstream(); inFlight || !gaveUp {
				t.Errorf("after the wait: out %v, given up %v; want not out, given up", inFlight, gaveUp)
			}
			return
		default:
		}
		if inFlight, _ := s.EndingUpstream(); inFlight {
			sawOut = true
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("Close did not return once the DELETE's wait ran out")
}
