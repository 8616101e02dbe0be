package demo

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func (g *gateway) addForecast() {
	mcp.AddTool(g.server, &mcp.Tool{
		Name:  "forecast",
		Title: "Weather forecast (mirrored headers)",
		Description: "Gives a canned, repeatable weather forecast. Its arguments carry x-mcp-header, so on 2026-07-28 a " +
			"client mirrors them in the headers Mcp-Param-Region, Mcp-Param-Days and Mcp-Param-Metric (a region that is " +
			"not plain ASCII as =?base64?...?=), and a call whose headers do not match its arguments is refused (400 -32020).",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"region": {"type": "string", "minLength": 1, "x-mcp-header": "Region", "description": "Where, e.g. Lisbon or Zürich."},
				"days":   {"type": "integer", "minimum": 1, "maximum": 7, "default": 3, "x-mcp-header": "Days", "description": "How many days ahead (1 to 7)."},
				"metric": {"type": "boolean", "default": true, "x-mcp-header": "Metric", "description": "Degrees Celsius (true) or Fahrenheit (false)."}
			},
			"required": ["region"],
			"additionalProperties": false
		}`),
	}, forecast)
}

type forecastArgs struct {
	Region string `json:"region"`
	Days   int    `json:"days"`
	Metric bool   `json:"metric"`
}

var skies = []string{"sunny", "cloudy", "rain", "showers", "windy", "fog", "snow"}

func forecast(_ context.Context, _ *mcp.CallToolRequest, in forecastArgs) (*mcp.CallToolResult, any, error) {
	// The same region always gets the same weather, so re-runs compare.
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(in.Region)))
	seed := int(h.Sum32() % 1000)
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %d %s:", in.Region, in.Days, plural(in.Days, "day", "days"))
	for day := 1; day <= max(in.Days, 1); day++ {
		celsius := (seed+7*day)%31 - 5
		temp, unit := celsius, "°C"
		if !in.Metric {
			temp, unit = celsius*9/5+32, "°F"
		}
		fmt.Fprintf(&b, "\nday %d: %d %s, %s", day, temp, unit, skies[(seed+day)%len(skies)])
	}
	return textResult(b.String()), nil, nil
}
