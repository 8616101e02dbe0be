package demo

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// rootsKey names list_roots' one input request.
const rootsKey = "roots"

func (g *gateway) addListRoots() {
	mcp.AddTool(g.server, &mcp.Tool{
		Name:  "list_roots",
		Title: "List the client's roots",
		Description: "Asks the client for its roots (roots/list): the directories or URIs it lets servers work in, " +
			"and lists them. On 2026-07-28 this is a multi round-trip request.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{"type": "object", "properties": {}, "additionalProperties": false}`),
	}, g.listRoots)
}

func (g *gateway) listRoots(_ context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if err := needCapability(req, clientCaps(req).RootsV2 != nil, "roots", `{"roots":{}}`); err != nil {
		return nil, nil, err
	}
	resp, _, second, err := g.answers(req, in)
	if err != nil {
		return nil, nil, err
	}
	if !second {
		res, err := g.ask(req, in, "", mcp.InputRequestMap{rootsKey: &mcp.ListRootsParams{}})
		return res, nil, err
	}
	got, err := answer[*mcp.ListRootsResult](resp, rootsKey, "a roots/list result (roots)")
	if err != nil {
		return nil, nil, err
	}
	if len(got.Roots) == 0 {
		return textResult("the client has no roots"), nil, nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the client has %d %s:", len(got.Roots), plural(len(got.Roots), "root", "roots"))
	for _, r := range got.Roots {
		fmt.Fprintf(&b, "\n%s", r.URI)
		if r.Name != "" {
			fmt.Fprintf(&b, " (%s)", r.Name)
		}
	}
	return textResult(b.String()), nil, nil
}
