import { type DragEvent, useId, useRef, useState } from "react";
import { href } from "react-router";

import { ACCEPTED_IMAGE_TYPES, buildSrcSet, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/domain/media/image";
import { cn } from "~/lib/cn";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { FieldError } from "~/ui/form/field";
import { Button } from "~/ui/primitives/button";

const UPLOAD_URL = href("/admin/imagenes");
const SESSION_EXPIRED_MESSAGE = "Tu sesión expiró. Vuelve a ingresar para subir imágenes.";
const NETWORK_MESSAGE = "No se pudo subir la imagen. Revisa tu conexión e inténtalo de nuevo.";

type UploadAnswer = { url?: string; error?: string };

/** Sends one file as the request body, reporting progress (fetch cannot report upload progress). */
function uploadImage(file: File, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_URL);
    request.responseType = "json";
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as UploadAnswer | null;
      if (body && (body.url || body.error)) resolve(body);
      else resolve({ error: SESSION_EXPIRED_MESSAGE });
    };
    request.onerror = () => resolve({ error: NETWORK_MESSAGE });
    request.send(file);
  });
}

/** The upload's state: the stored URL, the progress of a running upload, its error, and the drop zone's handlers. */
function useImageUpload(defaultValue: string | null | undefined) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(defaultValue ?? "");
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [isDragging, setIsDragging] = useState(false);

  async function accept(file: File | undefined) {
    if (!file) return;
    setUploadError(undefined);
    if (file.size > MAX_IMAGE_BYTES) {
      setUploadError(IMAGE_TOO_LARGE_MESSAGE);
      return;
    }
    setProgress(0);
    const answer = await uploadImage(file, setProgress);
    setProgress(null);
    if (answer.url) setUrl(answer.url);
    else setUploadError(answer.error ?? NETWORK_MESSAGE);
    if (inputRef.current) inputRef.current.value = "";
  }

  const dropZone = {
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault();
      setIsDragging(true);
    },
    onDragLeave: () => setIsDragging(false),
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault();
      setIsDragging(false);
      void accept(event.dataTransfer.files[0]);
    },
  };
  return { inputRef, url, setUrl, progress, uploadError, isDragging, accept, dropZone };
}

type ImageUploadProps = {
  name: string;
  label: string;
  defaultValue?: string | null | undefined;
  error?: string | undefined;
  hint?: string;
  /** The preview's box, "size-24" unless given ("w-40 h-24" for a wide banner). */
  previewSize?: string;
  /** How the image fills it: cropped to fill, or whole ("object-contain", for logos). */
  previewFit?: "object-cover" | "object-contain";
  /** Shown when there is no image (e.g. the default logo the storefront falls back to). */
  placeholderSrc?: string;
  /** False for an image that can be replaced but never left empty (the shop's logo). */
  isRemovable?: boolean;
};

/**
 * The image field of every editor: drop a file or pick one, see it, watch it upload.
 * The stored URL travels in a hidden input named `name`; the form's other fields are
 * untouched by a failed upload.
 */
export function ImageUpload({
  name,
  label,
  defaultValue,
  error,
  hint,
  previewSize = "size-24",
  previewFit = "object-cover",
  placeholderSrc,
  isRemovable = true,
}: ImageUploadProps) {
  const id = useId();
  const upload = useImageUpload(defaultValue);
  const { url, inputRef } = upload;
  const message = upload.uploadError ?? error;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5" data-image-upload={name}>
      <span id={`${id}-label`} className="text-sm font-semibold">
        {label}
      </span>
      {hint ? <p className="text-sm text-muted">{hint}</p> : null}
      <input type="hidden" name={name} value={url} />
      <div
        {...upload.dropZone}
        className={cn(
          "flex flex-wrap items-center gap-4 rounded-xl border-2 border-dashed p-4",
          upload.isDragging
            ? "border-primary-strong bg-primary-soft"
            : message
              ? "border-red-600 bg-white"
              : "border-gray-300 bg-white",
        )}
      >
        <ImagePreview url={url} placeholderSrc={placeholderSrc} previewSize={previewSize} previewFit={previewFit} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-sm text-muted">Arrastra una imagen aquí o elígela (JPG, PNG, WebP o AVIF, hasta 5 MB).</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
              <AdminIcon name="image-plus" /> {url ? "Cambiar imagen" : "Elegir imagen"}
            </Button>
            {url && isRemovable ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => upload.setUrl("")}>
                <AdminIcon name="trash-2" /> Quitar imagen
              </Button>
            ) : null}
          </div>
          <UploadProgress progress={upload.progress} labelId={`${id}-label`} />
        </div>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => void upload.accept(event.target.files?.[0])}
        />
      </div>
      <FieldError id={errorId} message={message} />
    </div>
  );
}

/** The stored image, else the placeholder the storefront falls back to, else an empty box. */
function ImagePreview({
  url,
  placeholderSrc,
  previewSize,
  previewFit,
}: {
  url: string;
  placeholderSrc: string | undefined;
  previewSize: string;
  previewFit: string;
}) {
  if (url) {
    return (
      <img
        src={url}
        srcSet={buildSrcSet(url)}
        sizes="128px"
        alt="Vista previa"
        className={cn("rounded-lg border", previewSize, previewFit)}
      />
    );
  }
  if (placeholderSrc) {
    return (
      <img
        src={placeholderSrc}
        alt="Imagen por defecto"
        className={cn("rounded-lg border object-contain opacity-60", previewSize)}
      />
    );
  }
  return (
    <div className="flex size-24 items-center justify-center rounded-lg bg-gray-100 text-muted">
      <AdminIcon name="image-plus" className="size-8" />
    </div>
  );
}

function UploadProgress({ progress, labelId }: { progress: number | null; labelId: string }) {
  if (progress === null) return null;
  return (
    <div className="flex items-center gap-2 text-sm" role="status">
      <progress max={100} value={progress} className="h-2 w-40" aria-labelledby={labelId} />
      Subiendo… {progress}%
    </div>
  );
}
