package main

import (
	"compress/gzip"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// gzipWriter compresses what a handler writes, flushing the compressor
// whenever the handler flushes, as a gzip middleware in front of a real
// server does: its event streams still arrive event by event.
type gzipWriter struct {
	http.ResponseWriter
	gz    *gzip.Writer
	wrote bool
}

func (g *gzipWriter) WriteHeader(code int) {
	if g.wrote {
		return
	}
	g.wrote = true
	g.Header().Del("Content-Length")
	g.Header().Set("Content-Encoding", "gzip")
	g.ResponseWriter.WriteHeader(code)
}

func (g *gzipWriter) Write(b []byte) (int, error) {
	g.WriteHeader(http.StatusOK)
	return g.gz.Write(b)
}

func (g *gzipWriter) Flush() {
	g.WriteHeader(http.StatusOK)
	_ = g.gz.Flush()
	http.NewResponseController(g.ResponseWriter).Flush()
}

func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

// The demo gateway behind a gzip middleware works in all three eras: net/http
// asks for gzip and decodes it, and mcpscope reads what it decoded.
func TestExecThroughAGzipMiddleware(t *testing.T) {
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			gateway.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w, gz: gzip.NewWriter(w)}
		defer gw.gz.Close()
		gateway.ServeHTTP(gw, r)
	})
	for _, path := range []string{demo.SSEPath, demo.StreamablePath, demo.StatelessPath} {
		t.Run(path, func(t *testing.T) {
			out, errOut, code := run(t, "exec", "--no-record", srv.URL+path, "tools/call greet name=Ann", "tools/call slow seconds:=0.2 steps:=2")
			if code != exitOK || !strings.Contains(out, "Hello, Ann!") || !strings.Contains(out, "done: worked") {
				t.Errorf("exit %d\n%s\n%s", code, out, errOut)
			}
		})
	}
}
