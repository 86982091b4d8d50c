import { useEffect, useMemo } from 'react';
import { Canvas, useThree } from '@react-three/fiber';
import { ContactShadows, OrbitControls, PerspectiveCamera } from '@react-three/drei';
import { PMREMGenerator } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import type { MetalLook } from '../../lib/metal-look';
import type { ModelGeometry } from './load-model-geometry';

const FOV = 35;
const BACKGROUND = '#f4efe6';

/**
 * Studio light made on the spot: three's RoomEnvironment (a lit box) pre-filtered by PMREMGenerator into the
 * scene's environment map. Nothing is fetched: drei's Environment presets would download HDR files from a CDN.
 */
function StudioEnvironment() {
  const gl = useThree((s) => s.gl);
  const texture = useMemo(() => {
    const pmrem = new PMREMGenerator(gl);
    const room = new RoomEnvironment();
    const target = pmrem.fromScene(room, 0.04);
    pmrem.dispose();
    return target.texture;
  }, [gl]);
  useEffect(() => () => texture.dispose(), [texture]);
  return <primitive object={texture} attach="environment" />;
}

/** Calls back once with the canvas after the first frames are drawn (for the thumbnail). */
function CaptureWhenDrawn({ onDrawn }: { onDrawn: (canvas: HTMLCanvasElement) => void }) {
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    let frame = 0;
    const timer = window.setTimeout(() => {
      invalidate();
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => onDrawn(gl.domElement));
      });
    }, 400);
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [gl, invalidate, onDrawn]);
  return null;
}

export type ModelCanvasProps = {
  model: ModelGeometry;
  look: MetalLook;
  /** Accessible description of what the view shows. */
  label: string;
  onDrawn?: (canvas: HTMLCanvasElement) => void;
};

/**
 * The piece in 3D: orbit with mouse, touch or the controls' keys; framed so the whole piece fits.
 * Renders on demand (only when something changes); keeps its drawing buffer so a PNG can be taken.
 */
export default function ModelCanvas({ model, look, label, onDrawn }: ModelCanvasProps) {
  const distance = (model.radius / Math.sin(((FOV / 2) * Math.PI) / 180)) * 1.15;
  const direction = [0.55, 0.45, 0.7] as const;
  const norm = Math.hypot(...direction);
  const position: [number, number, number] = [
    (direction[0] / norm) * distance,
    (direction[1] / norm) * distance,
    (direction[2] / norm) * distance,
  ];
  return (
    <Canvas
      className="model-canvas"
      frameloop="demand"
      dpr={[1, 2]}
      gl={{ preserveDrawingBuffer: true, antialias: true }}
      aria-label={label}
      role="img"
    >
      <color attach="background" args={[BACKGROUND]} />
      <PerspectiveCamera
        makeDefault
        fov={FOV}
        position={position}
        near={distance / 100}
        far={distance * 100}
      />
      <StudioEnvironment />
      <ambientLight intensity={0.15} />
      <directionalLight position={[distance, distance * 1.5, distance]} intensity={0.6} />
      {model.geometries.map((geometry) => (
        <mesh key={geometry.uuid} geometry={geometry}>
          <meshPhysicalMaterial
            color={look.color}
            metalness={look.metalness}
            roughness={look.roughness}
            clearcoat={look.clearcoat}
            envMapIntensity={1}
          />
        </mesh>
      ))}
      <ContactShadows
        position={[0, model.minY - model.radius * 0.02, 0]}
        scale={model.radius * 4}
        blur={2.4}
        opacity={0.35}
        far={model.radius * 2}
        frames={1}
      />
      <OrbitControls
        makeDefault
        enableDamping={false}
        minDistance={model.radius * 1.2}
        maxDistance={distance * 4}
        target={[0, 0, 0]}
      />
      {onDrawn ? <CaptureWhenDrawn onDrawn={onDrawn} /> : null}
    </Canvas>
  );
}
