// Passkeys: a form marked data-passkey="sign-in" gets a "Sign in with a passkey" button (and the
// browser's own offer in the name field, where it makes one); a form marked data-passkey="register"
// makes a passkey and sends it instead of posting. Each asks the server for a challenge at the
// form's address (+ "/passkey/options" for sign-in, "/options" for register), asks the browser,
// and sends the answer to the form's address (+ "/passkey" for sign-in). Without this script, or
// without passkeys in the browser, the forms are hidden or post as they always did.
(function () {
  'use strict';
  if (!window.PublicKeyCredential || !window.fetch || !window.URLSearchParams) return;

  function toText(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = '';
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function toBytes(text) {
    var binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  // Posts `fields` as a form; the answer's JSON, with whether it was a success.
  function post(url, fields) {
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      credentials: 'same-origin'
    }).then(function (response) {
      return response.json().catch(function () {
        return { error: 'The site did not answer as expected (' + response.status + ').' };
      }).then(function (body) {
        if (!response.ok) throw new Error(body.error || 'Refused (' + response.status + ').');
        return body;
      });
    });
  }

  function say(form, text) {
    var place = form.querySelector('[data-passkey-message]');
    if (place) place.textContent = text;
  }

  function fieldsOf(form) {
    var fields = {};
    new FormData(form).forEach(function (value, name) { fields[name] = value; });
    return fields;
  }

  Array.prototype.forEach.call(document.querySelectorAll('form[data-passkey="sign-in"]'), function (form) {
    var button = form.querySelector('[data-passkey-button]');
    var running = null;
    function signIn(mediation) {
      if (running) running.abort();
      var abort = running = new AbortController();
      return post(form.action + '/passkey/options', {}).then(function (options) {
        return navigator.credentials.get({
          mediation: mediation,
          signal: abort.signal,
          publicKey: {
            challenge: toBytes(options.challenge), rpId: options.rpId, timeout: options.timeout,
            userVerification: 'required', allowCredentials: []
          }
        }).then(function (credential) {
          var response = credential.response;
          return post(form.action + '/passkey', {
            challenge: options.challenge, id: toText(credential.rawId),
            clientDataJSON: toText(response.clientDataJSON),
            authenticatorData: toText(response.authenticatorData),
            signature: toText(response.signature),
            userHandle: response.userHandle ? toText(response.userHandle) : '',
            'return': form.elements['return'] ? form.elements['return'].value : ''
          });
        });
      }).then(function (answer) { location.assign(answer.location); });
    }
    if (button) {
      button.hidden = false;
      button.addEventListener('click', function () {
        signIn('optional').catch(function (error) {
          if (error.name !== 'AbortError') say(form, 'No passkey was used: ' + error.message);
        });
      });
    }
    if (PublicKeyCredential.isConditionalMediationAvailable) {
      PublicKeyCredential.isConditionalMediationAvailable().then(function (available) {
        if (available) signIn('conditional').catch(function () { });
      });
    }
  });

  Array.prototype.forEach.call(document.querySelectorAll('form[data-passkey="register"]'), function (form) {
    form.hidden = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var fields = fieldsOf(form);
      say(form, 'Follow your browser to make the passkey…');
      post(form.action + '/options', fields).then(function (options) {
        return navigator.credentials.create({
          publicKey: {
            challenge: toBytes(options.challenge),
            rp: { id: options.rpId, name: options.rpName },
            user: {
              id: toBytes(options.userHandle), name: options.userName,
              displayName: options.userName
            },
            pubKeyCredParams: [
              { type: 'public-key', alg: -7 }, { type: 'public-key', alg: -8 },
              { type: 'public-key', alg: -257 }
            ],
            authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
            attestation: 'none', timeout: options.timeout,
            excludeCredentials: options.exclude.map(function (id) {
              return { type: 'public-key', id: toBytes(id) };
            })
          }
        }).then(function (credential) {
          fields.challenge = options.challenge;
          fields.clientDataJSON = toText(credential.response.clientDataJSON);
          fields.attestationObject = toText(credential.response.attestationObject);
          return post(form.action, fields);
        });
      }).then(function (answer) {
        location.assign(answer.location);
      }).catch(function (error) {
        say(form, error.name === 'NotAllowedError'
          ? 'No passkey was made.' : 'The passkey was not added: ' + error.message);
      });
    });
  });
})();
