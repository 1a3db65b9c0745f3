package launcher

import (
	"strings"

	"rpcbench/go/cli"
	"rpcbench/go/service"
)

// switches reads --switch NAME=VALUE (Java: -Drpcbench.switch.NAME=VALUE): the Go pairs have only the
// calibration switch; any other is refused, as a Java pair refuses a switch it does not declare.
func switches(pairName string, given []string) (service.Costs, error) {
	spin := ""
	for _, s := range given {
		name, value, ok := strings.Cut(s, "=")
		if !ok {
			return service.Costs{}, cli.Errorf("--switch takes NAME=VALUE, not '%s'", s)
		}
		if name != service.SpinSwitch {
			return service.Costs{}, cli.Errorf("switch %s does not apply to %s; its switches: [%s]", name, pairName, service.SpinSwitch)
		}
		spin = value
	}
	return service.ParseCosts(spin)
}
