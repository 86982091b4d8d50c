import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useAddToCart } from '../api/add-to-cart';
import { useComparePrices } from '../api/compare-prices';
import type { CompareRequest } from '../api/compare-prices';
import { usePrice } from '../api/price-model';
import { useUploadThumbnail } from '../api/upload-thumbnail';
import { sameValue, useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  chargesPerPart,
  changeConfiguration,
  defaultConfiguration,
  findMaterial,
  MAX_PARTS,
  parseParts,
  parseQuantity,
  toPricingRequest,
} from '../lib/configuration';
import { metalLook } from '../lib/metal-look';
import type { Catalog, Configuration, Model, PricingRequest } from '../lib/types';
import { AnalysisPanel } from './analysis-panel';
import { ConfigurationForm } from './configuration-form';
import { MetalComparison } from './metal-comparison';
import { PriceSummary } from './price-summary';
import { ThumbnailPanel } from './thumbnail-panel';
import { ModelStage } from './viewer/model-stage';

/** Spec section 9: the price is asked for 500 ms after the last change. */
const PRICE_DEBOUNCE_MS = 500;

function canvasPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob((blob) => resolve(blob), 'image/png');
    } catch {
      resolve(null);
    }
  });
}

/** The configurator for one analysed model: 3D view, measurements, options, live price and comparison. */
/** The pricing request without its material; plating stays asked for (each metal says whether it plates). */
function compareRequestOf(request: PricingRequest, platingId: number | null): CompareRequest {
  const { materialId: _material, platingId: _plating, ...rest } = request;
  return { ...rest, ...(platingId !== null ? { platingId } : {}) };
}

export function ModelConfigurator({
  model,
  catalog,
  minQuantity = 1,
  minimumText = null,
  itemTypeName = null,
  laserText = '',
}: {
  model: Model;
  catalog: Catalog;
  /** An engraving text the piece starts with (a generated ring's): a text engraving option is chosen. */
  laserText?: string;
  /** The item type the piece starts with (a library design's), when known. */
  itemTypeName?: string | null;
  /** Least pieces per order (a library design's membership minimum). */
  minQuantity?: number;
  /** 'To access {item} you must order at least {n} pieces', shown at the quantity. */
  minimumText?: string | null;
}) {
  // a file of several separate shells is several parts to assemble: the count starts there, editable
  const shellParts = Math.min(MAX_PARTS, Math.max(1, model.analysis?.shells ?? 1));
  const [config, setConfig] = useState<Configuration>(() => {
    const initial = defaultConfiguration(catalog, itemTypeName);
    const textOption = laserText
      ? catalog.laserEngravingOptions.find((o) => o.acceptsText && !o.isDisabled)
      : undefined;
    return {
      ...initial,
      ...(textOption ? { laserEngravingOptionId: textOption.id, laserText } : {}),
      quantity: Math.max(initial.quantity, minQuantity),
      parts: chargesPerPart(catalog, initial.assemblyOptionId) ? shellParts : initial.parts,
    };
  });
  const [quantityText, setQuantityText] = useState(String(config.quantity));
  const [partsText, setPartsText] = useState(String(config.parts));
  const [laserImage, setLaserImage] = useState<File | null>(null);
  const quantity = parseQuantity(quantityText, minQuantity);
  // the parts count only while the assembly charges per part; a new option starts again at the shells
  const perPart = chargesPerPart(catalog, config.assemblyOptionId);
  const parts = perPart ? parseParts(partsText) : ({ ok: true, parts: 1 } as const);

  const request = quantity.ok && parts.ok ? toPricingRequest(catalog, model.id, config) : null;
  const settledRequest = useDebouncedValue(request, PRICE_DEBOUNCE_MS);
  const price = usePrice(settledRequest);

  // the comparison prices the same choices in every metal (assembly and engraving too), so its chosen
  // row is the price card's number
  const compareRequest: CompareRequest | null = request ? compareRequestOf(request, config.platingId) : null;
  const settledCompare = useDebouncedValue(compareRequest, PRICE_DEBOUNCE_MS);
  const compare = useComparePrices(settledCompare);

  const material = findMaterial(catalog, config.materialId);
  const polish = catalog.polishes.find((p) => p.id === config.polishId);
  const plating = catalog.platings.find((p) => p.id === config.platingId);
  const look = metalLook(material, polish?.name, plating);

  // the card picture is rendered from the 3D view once, right after the first analysis
  const thumbnail = useUploadThumbnail();
  const captured = useRef(false);
  const { mutate: sendThumbnail } = thumbnail;
  const onDrawn = useCallback(
    (canvas: HTMLCanvasElement) => {
      if (captured.current) return;
      captured.current = true;
      void canvasPng(canvas).then((blob) => {
        if (blob) sendThumbnail({ id: model.id, image: blob, fileName: 'thumbnail.png', source: 'render' });
      });
    },
    [model.id, sendThumbnail],
  );

  const change = (patch: Partial<Configuration>) => {
    let next = patch;
    if (patch.assemblyOptionId !== undefined && patch.assemblyOptionId !== config.assemblyOptionId) {
      // a new assembly option starts from the model's shells when it charges per part
      const perPartNext = chargesPerPart(catalog, patch.assemblyOptionId);
      setPartsText(String(perPartNext ? shellParts : 1));
      if (perPartNext) next = { ...patch, parts: shellParts };
    }
    setConfig((c) => changeConfiguration(catalog, c, next));
  };
  const addToCart = useAddToCart();
  const navigate = useNavigate();
  const add = () => {
    if (!request) return;
    const { modelId, quantity: pieces, ...choices } = request;
    // the picture goes only with an engraving option that takes one
    const laser = catalog.laserEngravingOptions.find((o) => o.id === config.laserEngravingOptionId);
    addToCart.mutate(
      { modelId, choices, quantity: pieces, laserImage: laser?.acceptsImage ? laserImage : null },
      {
        onSuccess: (line) =>
          toast({
            title: 'Added to your cart',
            description: `${line.title}: ${line.quantity.toLocaleString('en-US')} ${line.quantity === 1 ? 'piece' : 'pieces'}.`,
            action: { label: 'View cart', altText: 'View your cart', onClick: () => void navigate('/cart') },
          }),
        onError: (e) => toast({ title: 'Error!', description: errorMessage(e), variant: 'destructive' }),
      },
    );
  };
  const priceUpdating = (request !== null && !sameValue(request, settledRequest)) || price.isFetching;
  const compareUpdating =
    (compareRequest !== null && !sameValue(compareRequest, settledCompare)) || compare.isFetching;

  return (
    <div className="steps-layout">
      <div className="steps-viewer">
        <ModelStage
          fileUrl={model.fileUrl}
          fileName={model.fileName}
          look={look}
          label={`${model.fileName} in ${material?.name ?? 'metal'}, ${polish?.name ?? ''}`}
          onDrawn={model.thumbnailSource === null ? onDrawn : undefined}
        />
        <p className="steps-viewer__hint">Drag to turn the piece, scroll or pinch to zoom.</p>
        <ThumbnailPanel model={model} />
      </div>
      <div className="steps-config">
        <AnalysisPanel model={model} />
        <ConfigurationForm
          catalog={catalog}
          config={config}
          onChange={change}
          quantityText={quantityText}
          onQuantityText={(text) => {
            setQuantityText(text);
            const parsed = parseQuantity(text, minQuantity);
            if (parsed.ok) change({ quantity: parsed.quantity });
          }}
          quantityError={
            quantity.ok
              ? null
              : minimumText && /^\d+$/.test(quantityText.trim()) && Number(quantityText) < minQuantity
                ? minimumText
                : quantity.message
          }
          partsText={partsText}
          onPartsText={(text) => {
            setPartsText(text);
            const parsed = parseParts(text);
            if (parsed.ok) change({ parts: parsed.parts });
          }}
          partsError={parts.ok ? null : parts.message}
          minQuantity={minQuantity}
          minimumText={minimumText}
          laserImage={laserImage}
          onLaserImage={setLaserImage}
        />
        <PriceSummary
          quote={price.data?.quote}
          updating={priceUpdating}
          error={price.error}
          blocked={!quantity.ok || !parts.ok}
          materialName={material?.name}
          fixedCharges={
            material
              ? {
                  kind: material.kind,
                  perPieceCents:
                    material.kind === 'metal' ? material.castingLabourCents : material.printSetupCents,
                  perOrderCents: material.orderSetupCents,
                }
              : undefined
          }
          onAddToCart={add}
          adding={addToCart.isPending}
        />
        <MetalComparison
          catalog={catalog}
          rows={compare.data}
          isPending={compare.isPending}
          updating={compareUpdating}
          error={compare.error}
          selectedId={config.materialId}
          onChoose={(materialId) => change({ materialId })}
        />
      </div>
    </div>
  );
}
