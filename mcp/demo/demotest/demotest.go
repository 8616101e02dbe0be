// Package demotest starts the demo gateway (package demo) for the tests of
// other packages: the CLI, history, ui, the proxy and the command runner all
// test against a real gateway on loopback, and this is the one place that
// starts it and makes sure it stops.
//
// It is not in mcptest because mcptest holds the scripted fake servers the
// wire package's own tests use: it imports nothing of the demo or the
// official SDK's server that the demo is built on, so those tests do not
// link a whole gateway, and the demo's own tests stay free to use mcptest's
// fakes without an import cycle. The demo's in-package tests cannot import
// this package (it imports demo); they serve demo.NewHandler themselves.
package demotest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
)

// Start serves the demo gateway with opts on a free port of 127.0.0.1 for
// the length of the test or benchmark, and closes it (ending every open
// stream and session) at cleanup. It stops the test if the gateway cannot
// listen.
func Start(tb testing.TB, opts demo.Options) *demo.Server {
	tb.Helper()
	srv, err := demo.Start("127.0.0.1:0", opts)
	if err != nil {
		tb.Fatalf("starting the demo gateway: %v", err)
	}
	tb.Cleanup(func() {
		if err := srv.Close(); err != nil {
			tb.Errorf("closing the demo gateway: %v", err)
		}
	})
	return srv
}

// Behind serves the demo gateway with opts behind serve, the test's own
// handler in front of it (one that refuses a request, compresses answers
// or stalls a probe, and hands the rest to gateway), on 127.0.0.1 for the
// length of the test. The server's URL is the gateway's base URL; the
// server and then the gateway are closed at cleanup.
func Behind(tb testing.TB, opts demo.Options, serve func(w http.ResponseWriter, r *http.Request, gateway http.Handler)) *httptest.Server {
	tb.Helper()
	h := demo.NewHandler(opts)
	tb.Cleanup(h.Close)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { serve(w, r, h) }))
	tb.Cleanup(srv.Close)
	return srv
}

// Mounted serves the demo gateway as a server mounted under a path is
// served (Starlette's Mount): its streamable endpoint at StreamablePath
// with a slash after it, and StreamablePath itself redirected there with
// 307, so a client that does not remember the hop sends every POST twice.
func Mounted(tb testing.TB, opts demo.Options) *httptest.Server {
	tb.Helper()
	return Behind(tb, opts, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		switch r.URL.Path {
		case demo.StreamablePath:
			http.Redirect(w, r, demo.StreamablePath+"/", http.StatusTemporaryRedirect)
		case demo.StreamablePath + "/":
			r.URL.Path = demo.StreamablePath
			gateway.ServeHTTP(w, r)
		default:
			gateway.ServeHTTP(w, r)
		}
	})
}
