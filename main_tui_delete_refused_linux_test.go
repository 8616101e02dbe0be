//go:build linux

package main

import (
	"net/http"
	"strings"
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
