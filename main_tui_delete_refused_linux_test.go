//go:build linux

package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A server that refuses the DELETE ending the TUI's session with an error
// keeps the session open on its side: quitting says so, as exec does,
// where only the recording said it once the screen was gone.
func TestTUIQuitSaysTheDeleteWasRefused(t *testing.T) {
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method == http.MethodDelete {
			http.Error(w, "db down", http.StatusInternalServerError)
			return
		}
		gateway.ServeHTTP(w, r)
	})
	r := startOnPTY(t, "dumb", up.URL+"/mcp")
	if !pollFor(func() bool { return strings.Contains(r.out.String(), "● initialized") }) {
		t.Fatalf("the TUI did not say its session was open within 10s: %q", r.out.String())
	}
	_ = r.quit(t)
	text := r.out.String()
	if want := "warning: the DELETE that ends the session was answered 500 Internal Server Error: the session may stay open on the server until it expires"; !strings.Contains(text, want) {
		t.Errorf("quitting does not say %q:\n%q", want, text[max(0, len(text)-800):])
	}
}

// Each session the TUI ended whose DELETE was refused is said, by its
// session id: i begins a new session, ending the one before with a
// DELETE, and only the last refusal was said, naming no session.
func TestTUIQuitSaysEachRefusedDelete(t *testing.T) {
	var deletes, inits atomic.Int32
	up := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if r.Method == http.MethodDelete {
			deletes.Add(1)
			http.Error(w, "db down", http.StatusInternalServerError)
			return
		}
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		gateway.ServeHTTP(w, r)
		if bytes.Contains(body, []byte(`"initialize"`)) {
			inits.Add(1)
		}
	})
	r := startOnPTY(t, "dumb", up.URL+"/mcp")
	if !pollFor(func() bool { return strings.Contains(r.out.String(), "● initialized") }) {
		t.Fatalf("the TUI did not say its session was open within 10s: %q", r.out.String())
	}
	r.typeKeys(t, "i")
	if !pollFor(func() bool { return deletes.Load() == 1 && inits.Load() == 2 }) {
		t.Fatalf("i did not end the first session and open a second within 10s: %d DELETEs, %d initializes", deletes.Load(), inits.Load())
	}
	_ = r.quit(t)
	text := r.out.String()
	const want = "warning: the DELETE that ends the session was answered 500 Internal Server Error: the session may stay open on the server until it expires (session "
	if n := strings.Count(text, want); n != 2 {
		t.Errorf("quitting says %d refused DELETEs, want both, each naming its session:\n%q", n, text[max(0, len(text)-1200):])
	}
}
