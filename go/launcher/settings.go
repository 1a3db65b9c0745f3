package launcher

import "rpcbench/go/binding"

func settingOf(key, value string) binding.Setting {
	return binding.Setting{Key: key, Value: value}
}
