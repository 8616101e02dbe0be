// Package demo is the gateway built into mcpscope so there is always something
// to debug: an MCP server on the official Go SDK, served over the legacy
// HTTP+SSE transport the way the Docker MCP Gateway serves it.
//
// The wire flow a client sees:
//
//  1. GET /sse opens a text/event-stream. Its first event is
//     "event: endpoint" with data "/sse?sessionid=<26 base32 chars>".
//  2. The client POSTs JSON-RPC messages (Content-Type: application/json) to
//     that URI. Each accepted POST answers 202 with an empty body; the reply
//     arrives later on the GET stream as an "event: message".
//  3. Every GET gets a fresh MCP server, so tool sets added with mcp-add live
//     and die with their session and a re-run always starts from the same
//     tool list.
//
// GET /health answers 200 "ok" and GET / redirects (307) to /sse, as the Docker
// gateway does.
package demo

import (
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// SSEPath is where the demo serves the SSE transport: GET opens a session
// stream, POST ?sessionid=... delivers a message to it.
const SSEPath = "/sse"

// Options configures a demo gateway. The zero value means the defaults.
type Options struct {
	// Greeting starts the greet tool's answer; "" means "Hello". A second
	// gateway with another greeting lets tests show a re-run that differs.
	Greeting string
	// Name is the server name sent in the initialize result; "" means
	// "mcpscope-demo".
	Name string
	// Version is the server version sent in the initialize result; "" means
	// "dev".
	Version string
}

func (o Options) withDefaults() Options {
	if o.Greeting == "" {
		o.Greeting = "Hello"
	}
	if o.Name == "" {
		o.Name = "mcpscope-demo"
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	return o
}

// instructions is sent in the initialize result, so the debugger has a real
// example of that field to show.
const instructions = "A demo MCP gateway built into mcpscope. Try greet, convert, " +
	"search_notes, slow (progress and out-of-order answers), fail (isError), " +
	"big (large payloads), and mcp-find / mcp-add (dynamic tool lists)."

// Handler returns the http.Handler serving /sse, /health and /.
func Handler(opts Options) http.Handler {
	opts = opts.withDefaults()
	// One MCP server per GET keeps mcp-add state per session; see the package
	// comment.
	sse := mcp.NewSSEHandler(func(*http.Request) *mcp.Server {
		return newGateway(opts).server
	}, nil)

	mux := http.NewServeMux()
	// Mounted without StripPrefix: the SDK builds the endpoint from the GET's
	// own path, so it says /sse?sessionid=... and POSTs come back here.
	mux.Handle(SSEPath, sse)
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok"))
	})
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, SSEPath, http.StatusTemporaryRedirect)
	})
	return mux
}

// gateway is the state of one session's MCP server: the server itself and the
// catalog tool sets added to it so far.
type gateway struct {
	opts   Options
	server *mcp.Server
	added  *addedSets
}

func newGateway(opts Options) *gateway {
	g := &gateway{
		opts: opts,
		server: mcp.NewServer(
			&mcp.Implementation{Name: opts.Name, Title: "mcpscope demo gateway", Version: opts.Version},
			&mcp.ServerOptions{Instructions: instructions},
		),
		added: newAddedSets(),
	}
	g.addCoreTools()
	g.addCatalogTools()
	return g
}
