package main

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
)

// connFlags are the connection flags shared by the TUI, exec and replay.
type connFlags struct {
	headers         []string
	bearer          string
	timeout         time.Duration
	endpointTimeout time.Duration
	maxEventSize    int
}

func (f *connFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringArrayVarP(&f.headers, "header", "H", nil, "extra request header 'Name: value' (repeatable)")
	fs.StringVar(&f.bearer, "bearer", "", "token sent as Authorization: Bearer (default $MCPSCOPE_TOKEN, then $MCP_GATEWAY_AUTH_TOKEN)")
	fs.DurationVar(&f.timeout, "timeout", mcp.DefaultRequestTimeout, "how long a request waits for its answer")
	fs.DurationVar(&f.endpointTimeout, "endpoint-timeout", mcp.DefaultEndpointTimeout, "how long to wait for the endpoint event")
	fs.IntVar(&f.maxEventSize, "max-event-size", mcp.DefaultMaxEventSize, "largest SSE event accepted, in bytes")
}

// config turns the flags into a session config; bad headers are usage errors.
func (f *connFlags) config(url string) (mcp.Config, error) {
	h := http.Header{}
	for _, line := range f.headers {
		name, value, ok := strings.Cut(line, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return mcp.Config{}, fmt.Errorf("-H %q: a header is 'Name: value', e.g. -H 'X-Team: blue'", line)
		}
		h.Add(name, strings.TrimSpace(value))
	}
	bearer := f.bearer
	if bearer == "" {
		bearer = os.Getenv("MCPSCOPE_TOKEN")
	}
	if bearer == "" {
		bearer = os.Getenv("MCP_GATEWAY_AUTH_TOKEN")
	}
	if f.timeout <= 0 || f.endpointTimeout <= 0 {
		return mcp.Config{}, fmt.Errorf("--timeout and --endpoint-timeout must be positive durations such as 30s")
	}
	if f.maxEventSize < 64<<10 {
		return mcp.Config{}, fmt.Errorf("--max-event-size %d is too small: events of 64 KiB are normal (big tool lists)", f.maxEventSize)
	}
	return mcp.Config{
		URL: url, Header: h, Bearer: bearer,
		RequestTimeout: f.timeout, EndpointTimeout: f.endpointTimeout, MaxEventSize: f.maxEventSize,
		ClientName: "mcpscope", ClientVersion: versionString(),
	}, nil
}

// orDemo returns url, or when it is empty starts the built-in demo gateway
// on a free loopback port and returns its URL; stop ends the gateway.
func orDemo(url string) (got string, stop func(), err error) {
	if url != "" {
		return url, func() {}, nil
	}
	srv, err := demo.Start("127.0.0.1:0", demo.Options{Version: versionString()})
	if err != nil {
		return "", nil, &exitError{exitConnect, fmt.Errorf("cannot start the built-in demo gateway: %w", err)}
	}
	return srv.URL, func() { srv.Close() }, nil
}

func newDemoServerCmd() *cobra.Command {
	var addr, greeting string
	cmd := &cobra.Command{
		Use:   "demo-server",
		Short: "Run the built-in demo MCP gateway (legacy SSE at /sse, streamable HTTP at /mcp, stateless 2026 at /stateless) until interrupted",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			srv, err := demo.Start(addr, demo.Options{Greeting: greeting, Version: versionString()})
			if err != nil {
				return &exitError{exitConnect, fmt.Errorf("cannot listen on %s: %w", addr, err)}
			}
			defer srv.Close()
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "demo gateway listening on %s; ctrl+c stops it\n", srv.URL)
			eps := srv.Endpoints()
			width := 0
			for _, ep := range eps {
				width = max(width, len(ep.URL))
			}
			for _, ep := range eps {
				fmt.Fprintf(out, "  %-*s  %s, %s\n", width, ep.URL, ep.About, ep.Protocol)
			}
			waitForSignal()
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8811", "address to listen on")
	cmd.Flags().StringVar(&greeting, "greeting", "", "word the greet tool starts with (default Hello)")
	return cmd
}
