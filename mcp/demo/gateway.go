package demo

import (
	"context"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// gateway is one MCP server of the demo (one per legacy or streamable
// session, one for all stateless requests) and the catalog tool sets added
// to it so far.
type gateway struct {
	h      *Handler
	opts   Options
	server *mcp.Server
	added  *addedSets
}

// newGateway builds a gateway that speaks the given protocol versions (nil:
// every version the SDK knows).
func (h *Handler) newGateway(versions []string) *gateway {
	g := &gateway{h: h, opts: h.opts, added: newAddedSets()}
	g.server = mcp.NewServer(
		&mcp.Implementation{Name: h.opts.Name, Title: "mcpscope demo gateway", Version: h.opts.Version},
		&mcp.ServerOptions{
			Instructions:       instructions,
			CompletionHandler:  complete,
			SubscribeHandler:   g.subscribe,
			UnsubscribeHandler: g.unsubscribe,
			SchemaCache:        h.schemas,
			// The SDK narrows a session's versions to its transport's only
			// after the transport has connected, and its legacy transport
			// sends the endpoint event while connecting: a server/discover
			// POSTed at once could be answered with 2026-07-28, which
			// legacy SSE cannot carry, and a client would then skip
			// initialize. Setting the versions up front closes that window.
			SupportedProtocolVersions: versions,
		},
	)
	// Outermost first: all run before the SDK's own middleware.
	g.server.AddReceivingMiddleware(h.sessions.middleware, guard, eraFields)
	g.addCoreTools()
	g.addCatalogTools()
	g.addClientTools()
	g.addResources()
	g.addPrompts()
	return g
}

// legacyGateway builds the gateway of one legacy HTTP+SSE session: it
// speaks only the versions that transport carries, as the SDK's own
// transport reports them.
func (h *Handler) legacyGateway() *gateway {
	return h.newGateway(legacyVersions())
}

// legacyVersions are the protocol versions the legacy HTTP+SSE transport
// carries, as the SDK's own transport reports them, newest first.
func legacyVersions() []string {
	var t mcp.SSEServerTransport
	return slices.DeleteFunc(mcp.SupportedProtocolVersions(), func(v string) bool { return !t.SupportsProtocolVersion(v) })
}

// addClientTools adds the tools that ask the client for something, and the
// ones that show off the transport: logging, resumption.
func (g *gateway) addClientTools() {
	g.addLog()
	g.addSample()
	g.addConfirm()
	g.addLinkAccount()
	g.addListRoots()
	g.addCutStream()
}

// subscribe accepts resources/subscribe (and a 2026 listen's
// resourceSubscriptions) for any resource the gateway serves; only
// demo://clock ever changes, so only it starts the clock.
func (g *gateway) subscribe(_ context.Context, req *mcp.SubscribeRequest) error {
	if err := g.checkResourceURI(req.Params.URI); err != nil {
		return err
	}
	if req.Params.URI == clockURI {
		g.h.clock.subscribe(g.server, req.Session)
	}
	return nil
}

func (g *gateway) unsubscribe(_ context.Context, req *mcp.UnsubscribeRequest) error {
	if req.Params.URI == clockURI {
		g.h.clock.unsubscribe(g.server, req.Session)
	}
	return nil
}
