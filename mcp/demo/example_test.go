package demo_test

import (
	"context"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp/demo"
)

// The demo gateway serves each era on its own path; here the official SDK's
// client greets through each of them.
func ExampleStart() {
	srv, err := demo.Start("127.0.0.1:0", demo.Options{Greeting: "Hi"})
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, ep := range srv.Endpoints() {
		var transport mcp.Transport = &mcp.StreamableClientTransport{Endpoint: ep.URL}
		if ep.Transport == "sse" {
			transport = &mcp.SSEClientTransport{Endpoint: ep.URL}
		}
		client := mcp.NewClient(&mcp.Implementation{Name: "example", Version: "v0"}, nil)
		cs, err := client.Connect(ctx, transport, &mcp.ClientSessionOptions{ProtocolVersion: ep.Protocol})
		if err != nil {
			log.Fatal(err)
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": ep.Transport}})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(cs.InitializeResult().ProtocolVersion, res.Content[0].(*mcp.TextContent).Text)
		cs.Close()
	}
	// Output:
	// 2025-11-25 Hi, sse!
	// 2025-11-25 Hi, streamable!
	// 2026-07-28 Hi, stateless!
}
