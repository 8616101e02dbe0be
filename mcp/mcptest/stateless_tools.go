package mcptest

import (
	"encoding/json"
)

// StatelessTools is the tool list of a zero-config StatelessServer:
// DefaultTools, steps and slow (see StreamableTools), and
//   - forecast {region: string, x-mcp-header "Region", required; days:
//     integer, x-mcp-header "Days"; alerts: boolean, x-mcp-header
//     "Alerts"}: returns its arguments as compact JSON, so the mirrored
//     Mcp-Param-* headers can be checked end to end;
//   - confirm {action: string, required}: one round of input: an
//     elicitation/create form {confirm: boolean} under the key "confirm";
//     then "confirmed: ACTION", "not confirmed: ACTION", "declined: ACTION"
//     or "cancelled: ACTION". It needs clientCapabilities elicitation.form.
//   - trip {}: two rounds of input: first an elicitation form {name:
//     string} under "name", then roots/list under "roots" and
//     sampling/createMessage under "summary"; then "trip for NAME; roots:
//     URI, ...; summary: TEXT". It needs elicitation.form, roots and
//     sampling.
func StatelessTools() []Tool {
	return append(DefaultTools(), stepsToolDef(), slowToolDef(),
		Tool{
			Name:        "forecast",
			Description: "Return the arguments, whose scalars are mirrored in headers.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{` +
				`"region":{"type":"string","x-mcp-header":"Region"},` +
				`"days":{"type":"integer","x-mcp-header":"Days"},` +
				`"alerts":{"type":"boolean","x-mcp-header":"Alerts"}` +
				`},"required":["region"]}`),
		},
		Tool{
			Name:        "confirm",
			Description: "Ask the user to confirm an action.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"action":{"type":"string"}},"required":["action"]}`),
		},
		Tool{
			Name:        "trip",
			Description: "Ask for a name, then the roots and a summary.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{}}`),
		},
	)
}

// InvalidHeaderTools are tools whose x-mcp-header annotations a client must
// refuse to use, each for one reason:
//   - dup_header: two parameters mirrored as "Region" and "region";
//   - bad_header_name: "Bad Name", which no header name can hold;
//   - object_header: an annotation on an object parameter.
//
// Add them to StatelessOptions.Tools to see a client mark them. The fake
// serves calls to them without checking any Mcp-Param header.
func InvalidHeaderTools() []Tool {
	return []Tool{
		{
			Name:        "dup_header",
			Description: "Two parameters claim the same header.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{` +
				`"a":{"type":"string","x-mcp-header":"Region"},` +
				`"b":{"type":"string","x-mcp-header":"region"}}}`),
		},
		{
			Name:        "bad_header_name",
			Description: "A header name with a space.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string","x-mcp-header":"Bad Name"}}}`),
		},
		{
			Name:        "object_header",
			Description: "A header on an object parameter.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"filter":{"type":"object","x-mcp-header":"Filter"}}}`),
		},
	}
}
