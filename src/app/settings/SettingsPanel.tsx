import type { ServiceBases, ServiceId, TabOverride } from "../../decoding/settings";
import { Drawer } from "../../ui";
import { DecodingSettings } from "./DecodingSettings";
import { LabelsSettings } from "./LabelsSettings";
import { ResponseLimit } from "./ResponseLimit";

/** The app's settings, kept on this device: decoding services, address labels, the response size limit. */
export function SettingsPanel({
  onClose,
  bases,
  override,
  devnetBases,
  onClearCache,
}: {
  onClose: () => void;
  bases: ServiceBases;
  override: TabOverride;
  devnetBases: Partial<Record<ServiceId, string>> | null;
  onClearCache: (() => Promise<void>) | null;
}) {
  return (
    <Drawer label="Settings" heading="Settings" onClose={onClose}>
      <div className="grid min-h-0 flex-1 gap-4 overflow-auto p-3">
        <DecodingSettings
          bases={bases}
          override={override}
          devnetBases={devnetBases}
          onClearCache={onClearCache}
        />
        <LabelsSettings />
        <ResponseLimit />
      </div>
    </Drawer>
  );
}
