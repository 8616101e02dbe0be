package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// confirmKey names confirm's one input request, in inputRequests and
// inputResponses alike.
const confirmKey = "confirm"

// confirmForm is the form confirm asks for: one field of each kind an
// elicitation schema allows (string, boolean, integer, enum), two of them
// required. Raw JSON keeps the fields in this order on the wire, which is
// the order a client shows them in.
var confirmForm = json.RawMessage(`{
	"type": "object",
	"properties": {
		"name":        {"type": "string", "title": "Your name", "minLength": 1, "description": "Who confirms, for the audit log."},
		"confirm":     {"type": "boolean", "title": "Go ahead?", "description": "true to do it, false to leave things as they are."},
		"copies":      {"type": "integer", "title": "Copies", "minimum": 1, "maximum": 5, "default": 1, "description": "How many copies to run (1 to 5)."},
		"environment": {"type": "string", "title": "Environment", "enum": ["staging", "production"], "default": "staging", "description": "Where to do it."}
	},
	"required": ["name", "confirm"]
}`)

// confirmAnswer is an accepted form, its defaults filled in.
type confirmAnswer struct {
	Name        string `json:"name"`
	Confirm     bool   `json:"confirm"`
	Copies      int    `json:"copies"`
	Environment string `json:"environment"`
}

// confirmSchema is confirmForm resolved once, to check the answers with the
// same library the SDK checks them with on the older eras.
var confirmSchema = sync.OnceValues(func() (*jsonschema.Resolved, error) {
	var s jsonschema.Schema
	if err := json.Unmarshal(confirmForm, &s); err != nil {
		return nil, err
	}
	return s.Resolve(nil)
})

func (g *gateway) addConfirm() {
	mcp.AddTool(g.server, &mcp.Tool{
		Name:  "confirm",
		Title: "Confirm through a form",
		Description: "Asks the user to confirm an action by filling a form (elicitation/create, form mode: name, confirm, copies, environment) " +
			"and says what was answered: accepted (confirmed or not), declined or cancelled. " +
			"On 2026-07-28 this is a multi round-trip request: the first answer is input_required.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"action": {"type": "string", "default": "deploy the demo", "description": "What the user is asked to confirm, e.g. \"delete the cache\"."}
			},
			"additionalProperties": false
		}`),
	}, g.confirm)
}

type confirmArgs struct {
	Action string `json:"action"`
}

func (g *gateway) confirm(_ context.Context, req *mcp.CallToolRequest, in confirmArgs) (*mcp.CallToolResult, any, error) {
	caps := clientCaps(req)
	// The SDK's rule: an elicitation capability with neither mode means
	// form, for clients older than the modes.
	canForm := caps.Elicitation != nil && (caps.Elicitation.Form != nil || caps.Elicitation.URL == nil)
	if err := needCapability(req, canForm, "elicitation (form)", `{"elicitation":{"form":{}}}`); err != nil {
		return nil, nil, err
	}
	resp, _, second, err := g.answers(req, in)
	if err != nil {
		return nil, nil, err
	}
	if !second {
		res, err := g.ask(req, in, "", mcp.InputRequestMap{confirmKey: &mcp.ElicitParams{
			Mode:            "form",
			Message:         fmt.Sprintf("Confirm: %s?", in.Action),
			RequestedSchema: confirmForm,
		}})
		return res, nil, err
	}
	got, err := answer[*mcp.ElicitResult](resp, confirmKey, "an elicitation result (action, content)")
	if err != nil {
		return nil, nil, err
	}
	switch got.Action {
	case "decline":
		return textResult(fmt.Sprintf("declined: %s was not done", in.Action)), nil, nil
	case "cancel":
		return textResult(fmt.Sprintf("cancelled: %s was not done", in.Action)), nil, nil
	case "accept":
	default:
		return nil, nil, invalidParams(fmt.Sprintf("elicitation action %q is none of accept, decline, cancel", got.Action))
	}
	form, err := readConfirmForm(got.Content)
	if err != nil {
		return nil, nil, err
	}
	if !form.Confirm {
		return textResult(fmt.Sprintf("%s did not confirm: %s was not done", form.Name, in.Action)), nil, nil
	}
	return textResult(fmt.Sprintf("confirmed by %s: %s in %s, %d %s",
		form.Name, in.Action, form.Environment, form.Copies, plural(form.Copies, "copy", "copies"))), nil, nil
}

// readConfirmForm checks accepted content against confirmForm and fills in
// its defaults. The SDK already did so on the older eras; on 2026-07-28
// nothing did.
func readConfirmForm(content map[string]any) (confirmAnswer, error) {
	var out confirmAnswer
	schema, err := confirmSchema()
	if err != nil {
		return out, fmt.Errorf("confirm's form schema: %w", err)
	}
	if content == nil {
		content = map[string]any{}
	}
	if err := schema.Validate(content); err != nil {
		return out, invalidParams(fmt.Sprintf("the accepted form does not fit its requestedSchema: %v", err))
	}
	if err := schema.ApplyDefaults(&content); err != nil {
		return out, fmt.Errorf("filling the form's defaults: %w", err)
	}
	b, err := json.Marshal(content)
	if err != nil {
		return out, err
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return out, invalidParams(fmt.Sprintf("the accepted form does not decode: %v", err))
	}
	return out, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
