package mcp

import (
	"encoding/json"
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

// The password is the user's credential, never text: a server that fails
// every probe makes mcpscope name each URL it tried, in the error a CI log
// prints and in every record (the TUI's status line and panes), and none of
// them shows it.
func TestURLPasswordIsInNoMessageOrRecord(t *testing.T) {
	const password = "pw-Q7x2kz"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "Unsupported method", http.StatusNotImplemented)
	}))
	defer srv.Close()

	s := NewSession(Config{URL: strings.Replace(srv.URL, "http://", "http://ann:"+password+"@", 1) + "/mcp"})
	rec := collect(s)
	err := s.Connect(testCtx(t))
	if err == nil {
		t.Fatal("Connect succeeded against a server that fails every request")
	}
	if strings.Contains(err.Error(), password) {
		t.Errorf("Connect's error shows the password: %v", err)
	}
	if strings.Contains(s.URL(), password) {
		t.Errorf("URL() = %q, shows the password", s.URL())
	}
	s.Close()
	rec.waitEnd(t)
	for _, r := range rec.all() {
		b, _ := json.Marshal(r)
		if strings.Contains(string(b), password) {
			t.Errorf("a %s record shows the password: %s", r.Kind, b)
		}
	}
}
