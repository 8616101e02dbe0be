package mcp

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A server that redirects (307 or 308) to an origin the user allowed, whose
// answer is a refusal, is named as the one that refused: the error used to
// say the URL the user gave "answered 500", sending the user to the logs of
// a server that had only redirected. It says where the redirect began too.
func TestRefusalAfterRedirectNamesTheServerThatAnswered(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "boom from the other server", http.StatusInternalServerError)
	}))
	defer other.Close()
	for _, transport := range []string{TransportStreamable, TransportStateless, TransportSSE} {
		home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/elsewhere", http.StatusTemporaryRedirect)
		}))
		s := NewSession(Config{URL: home.URL + "/mcp", Transport: transport, AllowOrigins: []string{other.URL},
			RequestTimeout: 10 * time.Second, NoGetStream: true})
		rec := collect(s)
		err := s.Connect(testCtx(t))
		method := "POST "
		if transport == TransportSSE {
			method = "GET " // the legacy stream's GET is what is redirected first
		}
		want := method + other.URL + "/elsewhere (redirected from " + home.URL + "/mcp) answered 500"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: Connect = %v, want it to say %q", transport, err, want)
		}
		s.Close()
		rec.waitEnd(t)
		home.Close()
	}
}

// The legacy transport's POST to its endpoint, redirected alike, names the
// server that refused it too.
func TestLegacyPostRefusalAfterRedirectNamesTheServerThatAnswered(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "boom from the other server", http.StatusInternalServerError)
	}))
	defer other.Close()
	home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			http.Redirect(w, r, other.URL+"/elsewhere", http.StatusPermanentRedirect)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte("event: endpoint\ndata: /message?sessionId=1\n\n"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer home.Close()
	s := NewSession(Config{URL: home.URL + "/sse", Transport: TransportSSE, AllowOrigins: []string{other.URL},
		RequestTimeout: 10 * time.Second})
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	_, err := s.Initialize(testCtx(t))
	want := "POST " + other.URL + "/elsewhere (redirected from " + home.URL + "/message?sessionId=1) answered 500"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Initialize = %v, want it to say %q", err, want)
	}
	s.Close()
	rec.waitEnd(t)
}
