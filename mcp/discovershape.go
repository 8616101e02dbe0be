package mcp

import (
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// DiscoverShape says in one line what in a server/discover result breaks
// the specification, or "" when nothing does. A result that says
// resultType "input_required" asks for input where the 2026-07-28
// revision forbids it (multi round-trip requests are allowed on
// tools/call, prompts/get and resources/read only): it is malformed, not
// a question, so mcpscope answers nothing and reads the rest as the
// server's description. Sanitize the line before it is shown.
func DiscoverShape(result []byte) string {
	// Depth 2 reaches the keys of inputRequests.
	doc, err := jsonspan.Parse(result, jsonspan.Limits{Depth: 2, Children: 1024})
	if err != nil {
		return ""
	}
	root := doc.Root()
	if rt, _ := root.Get("resultType").Text(); rt != "input_required" {
		return ""
	}
	asked := ""
	if reqs := root.Get("inputRequests"); reqs.Kind() == jsonspan.Object {
		var keys []string
		for k := range reqs.Members() {
			keys = append(keys, k)
		}
		if len(keys) > 0 {
			asked = " asking for " + clip.ListFunc(keys, MaxListed, func(k string) string { return clip.Quote(k, 64) })
		}
	}
	return `server/discover answered resultType "input_required"` + asked +
		", which the specification allows only on tools/call, prompts/get and resources/read: a malformed answer; mcpscope answers nothing and reads the rest as the server's description"
}
