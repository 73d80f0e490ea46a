/**
 * A React 19 app that installs @frontdoor/ui from its packed tarball, as another app of the platform
 * would, and uses a form field, a dropdown, the crop dialog, a link into the front door and a form
 * model validated by a zod schema (e2e/ui-package.spec.ts).
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, CropDialog, Dropdown, Field, loginUrl } from '@frontdoor/ui';
import '@frontdoor/ui/styles.css';
import { BookingForm } from './BookingForm';
import photo from './photo.png';

const cropTexts = {
  title: 'Crop image',
  accept: 'Accept',
  cancel: 'Cancel',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  rotateLeft: 'Rotate left',
  rotateRight: 'Rotate right',
  flipHorizontal: 'Flip horizontally',
  flipVertical: 'Flip vertically',
};

function App() {
  const [name, setName] = useState('');
  const [colour, setColour] = useState<string[]>([]);
  const [cropping, setCropping] = useState(false);
  const [result, setResult] = useState('');
  return (
    <main>
      <h1>Profile</h1>
      <form onSubmit={(event) => event.preventDefault()}>
        <Field label="Name" required value={name} onChange={(event) => setName(event.currentTarget.value)} errors={name ? [] : ['Enter a name.']} />
        <Dropdown
          label="Favourite colour"
          options={[
            { value: 'red', text: 'Red' },
            { value: 'green', text: 'Green' },
          ]}
          value={colour}
          setValue={setColour}
          placeholder="Choose a colour"
        />
        <Button onClick={() => setCropping(true)}>Crop the photo</Button>
      </form>
      <output data-testid="result">{result}</output>
      <a href={loginUrl('https://auth.example.com', { app: 'portal', route: '/profile' })}>Sign in again</a>
      <BookingForm />
      <CropDialog
        open={cropping}
        src={cropping ? photo : null}
        bounds={{ minWidth: 100, minHeight: 100, maxWidth: 400, maxHeight: 400 }}
        texts={cropTexts}
        onAccept={async (image) => {
          const bitmap = await createImageBitmap(image);
          setResult(`${image.type} ${bitmap.width}x${bitmap.height}`);
          setCropping(false);
        }}
        onCancel={() => setCropping(false)}
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
