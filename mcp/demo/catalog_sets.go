package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools of the catalog's sets, registered by mcp-add.

func addFetch(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{
		Name:        "fetch_url",
		Title:       "Fetch a URL",
		Description: "Returns a canned page for an http or https URL; the demo never touches the network, so the page is always the same.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"url": {"type": "string", "format": "uri", "description": "The page to fetch, e.g. https://example.com/docs."}
			},
			"required": ["url"],
			"additionalProperties": false
		}`),
	}, fetchURL)
}

type fetchArgs struct {
	URL string `json:"url"`
}

func fetchURL(_ context.Context, _ *mcp.CallToolRequest, in fetchArgs) (*mcp.CallToolResult, any, error) {
	u, err := url.Parse(in.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, nil, fmt.Errorf("url %q is not an absolute http or https URL; write it like https://example.com/page", in.URL)
	}
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	page := fmt.Sprintf("# %s%s\n\nA canned page from the mcpscope demo gateway: fetch_url never touches the network.\n\n"+
		"- host: %s\n- path: %s\n- query: %s\n", u.Host, path, u.Host, path, u.RawQuery)
	return textResult(page), nil, nil
}

// timeZones are the zones time_now offers; LoadLocation needs them to exist
// in the system's time zone database.
var timeZones = []string{"UTC", "Europe/London", "Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Sydney"}

func addTime(s *mcp.Server) {
	zones := make([]string, len(timeZones))
	for i, z := range timeZones {
		zones[i] = `"` + z + `"`
	}
	mcp.AddTool(s, &mcp.Tool{
		Name:        "time_now",
		Title:       "Current time",
		Description: "Tells the current time in a time zone.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"timezone": {"type": "string", "enum": [` + strings.Join(zones, ", ") + `], "default": "UTC", "description": "IANA time zone to tell the time in."}
			},
			"additionalProperties": false
		}`),
	}, timeNow)
}

type timeArgs struct {
	Timezone string `json:"timezone"`
}

type timeAnswer struct {
	Timezone string `json:"timezone" jsonschema:"the time zone used"`
	Time     string `json:"time" jsonschema:"the current time in RFC 3339 form"`
	Unix     int64  `json:"unix" jsonschema:"the current time in seconds since 1970-01-01 UTC"`
}

func timeNow(_ context.Context, _ *mcp.CallToolRequest, in timeArgs) (*mcp.CallToolResult, timeAnswer, error) {
	zone := in.Timezone
	if zone == "" {
		zone = "UTC"
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return nil, timeAnswer{}, fmt.Errorf("time zone %q is not available on this machine (%v); try UTC", zone, err)
	}
	now := time.Now().In(loc)
	out := timeAnswer{Timezone: zone, Time: now.Format(time.RFC3339), Unix: now.Unix()}
	return textResult(fmt.Sprintf("%s (%s)", out.Time, zone)), out, nil
}

func addDice(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{
		Name:        "dice_roll",
		Title:       "Roll dice",
		Description: "Rolls dice; the same seed always gives the same rolls, so re-runs can be compared.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"sides": {"type": "integer", "minimum": 2, "maximum": 100, "default": 6, "description": "Sides on each die (2 to 100)."},
				"count": {"type": "integer", "minimum": 1, "maximum": 10, "default": 1, "description": "How many dice to roll (1 to 10)."},
				"seed":  {"type": "integer", "minimum": 0, "maximum": 1000000000, "default": 1, "description": "Seed for the roll; change it for different numbers."}
			},
			"additionalProperties": false
		}`),
	}, diceRoll)
}

type diceArgs struct {
	Sides int   `json:"sides"`
	Count int   `json:"count"`
	Seed  int64 `json:"seed"`
}

type diceAnswer struct {
	Sides int   `json:"sides" jsonschema:"sides on each die"`
	Seed  int64 `json:"seed" jsonschema:"the seed used"`
	Rolls []int `json:"rolls" jsonschema:"one number per die"`
	Total int   `json:"total" jsonschema:"sum of the rolls"`
}

func diceRoll(_ context.Context, _ *mcp.CallToolRequest, in diceArgs) (*mcp.CallToolResult, diceAnswer, error) {
	sides, count := max(in.Sides, 2), max(in.Count, 1)
	rng := rand.New(rand.NewPCG(uint64(in.Seed), 0))
	out := diceAnswer{Sides: sides, Seed: in.Seed, Rolls: make([]int, count)}
	texts := make([]string, count)
	for i := range out.Rolls {
		out.Rolls[i] = 1 + rng.IntN(sides)
		out.Total += out.Rolls[i]
		texts[i] = fmt.Sprint(out.Rolls[i])
	}
	text := fmt.Sprintf("rolled %dd%d: %s (total %d)", count, sides, strings.Join(texts, ", "), out.Total)
	return textResult(text), out, nil
}
