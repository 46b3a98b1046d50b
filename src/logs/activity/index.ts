// The address activity's public face: the address page mounts it (and the log explorer shows it
// for `#/logs?activity=<address>&fromBlock=&toBlock=`).
export { AddressActivity, type AddressActivityProps } from "./AddressActivity";
export { AddressActivity as default } from "./AddressActivity";
