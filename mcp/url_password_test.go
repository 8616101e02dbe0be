package mcp

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// The password in the URL the user named is their credential for that
// origin: a legacy endpoint event naming the same origin by an absolute URL
// (which carries no userinfo) still gets it, as net/http alone would not
// send it there.
func TestURLPasswordGoesToAbsoluteEndpointOnSameOrigin(t *testing.T) {
	var mu sync.Mutex
	var posted []string
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "event: endpoint\ndata: %s/message?sessionid=1\n\n", srv.URL)
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			return
		}
		mu.Lock()
		posted = append(posted, r.Header.Get("Authorization"))
		mu.Unlock()
		w.WriteHeader(http.StatusAccepted)
	}))
	defer srv.Close()

	s := NewSession(Config{URL: strings.Replace(srv.URL, "http://", "http://ann:pw-9z@", 1) + "/sse", Transport: TransportSSE})
	collect(s)
	defer s.Close()
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatal(err)
	}
	if err := s.Notify(testCtx(t), "notifications/initialized", nil); err != nil {
		t.Fatal(err)
	}
	want := &http.Request{Header: http.Header{}}
	want.SetBasicAuth("ann", "pw-9z")
	mu.Lock()
	defer mu.Unlock()
	if len(posted) != 1 || posted[0] != want.Header.Get("Authorization") {
		t.Errorf("the endpoint's POSTs carried Authorization %q, want the URL's basic auth %q", posted, want.Header.Get("Authorization"))
	}
}
