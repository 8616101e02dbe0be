package demo

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Input schemas are written out as JSON rather than inferred from the Go
// types: inference cannot express enums, ranges or defaults, and the debugger
// shows exactly these in its completion hints. Raw JSON also keeps the
// properties in the order written here when tools/list sends them.

// maxBigBytes is the largest payload big will build (64 MiB).
const maxBigBytes = 64 << 20

func (g *gateway) addCoreTools() {
	mcp.AddTool(g.server, &mcp.Tool{
		Name:        "greet",
		Title:       "Greet someone",
		Description: "Greets a person by name, optionally several times and loudly.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"name":  {"type": "string", "minLength": 1, "description": "Who to greet, e.g. Ann."},
				"times": {"type": "integer", "minimum": 1, "maximum": 10, "default": 1, "description": "How many times to repeat the greeting (1 to 10)."},
				"loud":  {"type": "boolean", "default": false, "description": "Shout the greeting in capital letters."}
			},
			"required": ["name"],
			"additionalProperties": false
		}`),
	}, g.greet)

	mcp.AddTool(g.server, &mcp.Tool{
		Name:        "convert",
		Title:       "Convert a temperature",
		Description: "Converts a temperature between Celsius (c), Fahrenheit (f) and Kelvin (k); answers with text and structured content.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"value":     {"type": "number", "description": "The temperature to convert, e.g. 21.5."},
				"from":      {"type": "string", "enum": ["c", "f", "k"], "description": "Unit of value: c (Celsius), f (Fahrenheit) or k (Kelvin)."},
				"to":        {"type": "string", "enum": ["c", "f", "k"], "description": "Unit to convert to: c (Celsius), f (Fahrenheit) or k (Kelvin)."},
				"precision": {"type": "integer", "minimum": 0, "maximum": 6, "default": 2, "description": "Digits after the decimal point in the answer (0 to 6)."}
			},
			"required": ["value", "from", "to"],
			"additionalProperties": false
		}`),
	}, convert)

	mcp.AddTool(g.server, &mcp.Tool{
		Name:        "fail",
		Title:       "Always fail",
		Description: "Always fails: answers with isError true and the given message, to show how tool errors look.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"message": {"type": "string", "default": "` + defaultFailMessage + `", "description": "The error text to answer with."}
			},
			"additionalProperties": false
		}`),
	}, fail)

	mcp.AddTool(g.server, &mcp.Tool{
		Name:        "big",
		Title:       "Large payload",
		Description: "Answers with a text payload of exactly the given number of bytes: 64-byte lines, each starting with its byte offset.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"bytes": {"type": "integer", "minimum": 1, "maximum": ` + strconv.Itoa(maxBigBytes) + `, "description": "Exact size of the payload in bytes (1 to 67108864, i.e. 64 MiB)."}
			},
			"required": ["bytes"],
			"additionalProperties": false
		}`),
	}, big)

	g.addSearchNotes()
	g.addSlow()
	g.addForecast()
}

type greetArgs struct {
	Name  string `json:"name"`
	Times int    `json:"times"`
	Loud  bool   `json:"loud"`
}

func (g *gateway) greet(_ context.Context, _ *mcp.CallToolRequest, in greetArgs) (*mcp.CallToolResult, any, error) {
	line := fmt.Sprintf("%s, %s!", g.opts.Greeting, in.Name)
	text := strings.TrimSuffix(strings.Repeat(line+" ", max(in.Times, 1)), " ")
	if in.Loud {
		text = strings.ToUpper(text)
	}
	return textResult(text), nil, nil
}

type convertArgs struct {
	Value     float64 `json:"value"`
	From      string  `json:"from"`
	To        string  `json:"to"`
	Precision int     `json:"precision"`
}

// conversion is convert's structured answer.
type conversion struct {
	Value     float64 `json:"value" jsonschema:"the temperature given"`
	From      string  `json:"from" jsonschema:"unit of value"`
	To        string  `json:"to" jsonschema:"unit of result"`
	Result    float64 `json:"result" jsonschema:"the converted temperature, rounded to precision digits"`
	Precision int     `json:"precision" jsonschema:"digits after the decimal point"`
	Text      string  `json:"text" jsonschema:"the conversion as a sentence"`
}

var unitNames = map[string]string{"c": "°C", "f": "°F", "k": "K"}

func convert(_ context.Context, _ *mcp.CallToolRequest, in convertArgs) (*mcp.CallToolResult, conversion, error) {
	kelvin := toKelvin(in.Value, in.From)
	if kelvin < 0 {
		return nil, conversion{}, fmt.Errorf("%v %s is below absolute zero; give a value at or above %.2f %s",
			in.Value, unitNames[in.From], fromKelvin(0, in.From), unitNames[in.From])
	}
	scale := math.Pow(10, float64(in.Precision))
	result := math.Round(fromKelvin(kelvin, in.To)*scale) / scale
	out := conversion{Value: in.Value, From: in.From, To: in.To, Result: result, Precision: in.Precision}
	out.Text = fmt.Sprintf("%v %s = %.*f %s", in.Value, unitNames[in.From], in.Precision, result, unitNames[in.To])
	return textResult(out.Text), out, nil
}

func toKelvin(v float64, unit string) float64 {
	switch unit {
	case "c":
		return v + 273.15
	case "f":
		return (v-32)*5/9 + 273.15
	default:
		return v
	}
}

func fromKelvin(k float64, unit string) float64 {
	switch unit {
	case "c":
		return k - 273.15
	case "f":
		return (k-273.15)*9/5 + 32
	default:
		return k
	}
}

const defaultFailMessage = "the fail tool failed, as asked"

type failArgs struct {
	Message string `json:"message"`
}

func fail(_ context.Context, _ *mcp.CallToolRequest, in failArgs) (*mcp.CallToolResult, any, error) {
	if in.Message == "" {
		// An empty error text would look like a broken answer in the debugger.
		in.Message = defaultFailMessage
	}
	res := textResult(in.Message)
	res.IsError = true
	return res, nil, nil
}

type bigArgs struct {
	Bytes int `json:"bytes"`
}

func big(_ context.Context, _ *mcp.CallToolRequest, in bigArgs) (*mcp.CallToolResult, any, error) {
	return textResult(bigPayload(in.Bytes)), nil, nil
}

// bigFiller pads each 64-byte line of bigPayload after its 8-digit offset and
// a space, leaving room for the newline.
const bigFiller = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01"

// bigPayload returns n bytes of ASCII made of 64-byte lines, each starting with
// its own byte offset, so a cut or a gap in a large answer shows where it
// happened.
func bigPayload(n int) string {
	var b strings.Builder
	b.Grow(n + 64)
	for off := 0; off < n; off += 64 {
		fmt.Fprintf(&b, "%08d %s\n", off, bigFiller)
	}
	return b.String()[:n]
}

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
