package demo

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A toolSet is an entry of the catalog that mcp-find lists and mcp-add adds,
// like the servers of the Docker MCP Gateway's catalog.
type toolSet struct {
	name        string
	description string
	tools       []string // names of the tools add registers, for mcp-find
	add         func(*mcp.Server)
}

// catalog holds every tool set mcp-add can add, in the order mcp-find lists
// them.
var catalog = []toolSet{
	{name: "fetch", description: "Fetch a web page (canned: never touches the network).", tools: []string{"fetch_url"}, add: addFetch},
	{name: "time", description: "Tell the current time in a time zone.", tools: []string{"time_now"}, add: addTime},
	{name: "dice", description: "Roll dice, reproducibly from a seed.", tools: []string{"dice_roll"}, add: addDice},
}

// addedSets records which catalog sets one session's server already has.
// Tool calls run concurrently, so two mcp-add calls can race.
type addedSets struct {
	mu    sync.Mutex
	names map[string]bool
}

func newAddedSets() *addedSets { return &addedSets{names: map[string]bool{}} }

// claim marks name as added and reports whether it was not added before.
func (a *addedSets) claim(name string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.names[name] {
		return false
	}
	a.names[name] = true
	return true
}

func (a *addedSets) has(name string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.names[name]
}

func (g *gateway) addCatalogTools() {
	names := make([]string, len(catalog))
	quoted := make([]string, len(catalog))
	for i, set := range catalog {
		names[i] = set.name
		quoted[i] = strconv.Quote(set.name)
	}
	enum := "[" + strings.Join(quoted, ", ") + "]"

	mcp.AddTool(g.server, &mcp.Tool{
		Name:        "mcp-find",
		Title:       "Find tool sets",
		Description: "Lists the catalog of tool sets that mcp-add can add (" + strings.Join(names, ", ") + "), filtered by a query.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"query": {"type": "string", "default": "", "description": "Text to look for in a set's name, description or tool names (case-insensitive); empty lists them all."}
			},
			"additionalProperties": false
		}`),
	}, g.find)

	mcp.AddTool(g.server, &mcp.Tool{
		Name:  "mcp-add",
		Title: "Add a tool set",
		Description: "Adds a catalog tool set's tools to this session; the server then sends notifications/tools/list_changed. " +
			"Adding a set twice is an error.",
		Annotations: &mcp.ToolAnnotations{},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"name": {"type": "string", "enum": ` + enum + `, "description": "The tool set to add; mcp-find lists them."}
			},
			"required": ["name"],
			"additionalProperties": false
		}`),
	}, g.addSet)
}

type findArgs struct {
	Query string `json:"query"`
}

type findAnswer struct {
	Query string     `json:"query" jsonschema:"the query as given"`
	Sets  []foundSet `json:"sets" jsonschema:"the matching tool sets"`
}

type foundSet struct {
	Name        string   `json:"name" jsonschema:"name to pass to mcp-add"`
	Description string   `json:"description" jsonschema:"what the set does"`
	Tools       []string `json:"tools" jsonschema:"tools the set adds"`
	Added       bool     `json:"added" jsonschema:"whether this session already added the set"`
}

func (g *gateway) find(_ context.Context, _ *mcp.CallToolRequest, in findArgs) (*mcp.CallToolResult, findAnswer, error) {
	q := strings.ToLower(strings.TrimSpace(in.Query))
	out := findAnswer{Query: in.Query, Sets: []foundSet{}}
	var b strings.Builder
	for _, set := range catalog {
		hay := strings.ToLower(set.name + " " + set.description + " " + strings.Join(set.tools, " "))
		if !strings.Contains(hay, q) {
			continue
		}
		f := foundSet{Name: set.name, Description: set.description, Tools: set.tools, Added: g.added.has(set.name)}
		out.Sets = append(out.Sets, f)
		state := "mcp-add name=" + set.name
		if f.Added {
			state = "added"
		}
		fmt.Fprintf(&b, "%s: %s tools: %s (%s)\n", set.name, set.description, strings.Join(set.tools, ", "), state)
	}
	if len(out.Sets) == 0 {
		fmt.Fprintf(&b, "no tool set matches %q; an empty query lists them all\n", in.Query)
	}
	return textResult(strings.TrimSuffix(b.String(), "\n")), out, nil
}

type addArgs struct {
	Name string `json:"name"`
}

type addAnswer struct {
	Name  string   `json:"name" jsonschema:"the tool set added"`
	Tools []string `json:"tools" jsonschema:"the tools now available"`
}

func (g *gateway) addSet(_ context.Context, _ *mcp.CallToolRequest, in addArgs) (*mcp.CallToolResult, addAnswer, error) {
	i := slices.IndexFunc(catalog, func(s toolSet) bool { return s.name == in.Name })
	if i < 0 {
		// The schema's enum already refuses unknown names; this keeps the
		// handler safe if it is ever called without that check.
		return nil, addAnswer{}, fmt.Errorf("no tool set named %q; mcp-find lists the catalog", in.Name)
	}
	set := catalog[i]
	if !g.added.claim(set.name) {
		return nil, addAnswer{}, fmt.Errorf("tool set %q is already added (tools: %s); call its tools directly",
			set.name, strings.Join(set.tools, ", "))
	}
	// Adding tools makes the SDK send notifications/tools/list_changed to
	// this session.
	set.add(g.server)
	text := fmt.Sprintf("added tool set %q: %s; list the tools again to see them", set.name, strings.Join(set.tools, ", "))
	return textResult(text), addAnswer{Name: set.name, Tools: set.tools}, nil
}
