package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Tab completes the URI of the generic form resources/read uri=X (and
// subscribe, unsubscribe), which Enter sends as the URI: Tab after
// "uri=" offered nothing, and only the usage line stood under it.
func TestCommandLineCompletesTheURIAfterUriKey(t *testing.T) {
	sf := history.Surface{
		Resources:  []command.Resource{{URI: "demo://readme"}},
		Templates:  []command.ResourceTemplate{{URITemplate: "repo://{owner}/{name}"}},
		Subscribed: []string{"demo://readme"},
	}
	checkTabCompletion(t, sf, []tabCase{
		{"read uri=demo", 1, "read uri=demo://readme "},
		{"resources/subscribe uri=r", 1, "resources/subscribe uri='repo://{owner}/{name}' "},
		{"unsubscribe uri=", 1, "unsubscribe uri=demo://readme "},
		{"read uri='repo://{owner}/{name}' o", 1, "read uri='repo://{owner}/{name}' owner="},
		// Quoted, 'uri=x' is a URI a server listed, sent whole: none here.
		{"read 'uri=demo", 1, "read 'uri=demo"},
	})
}
